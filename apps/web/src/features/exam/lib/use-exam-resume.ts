import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { ExamQuestion, ExamRun } from '@medallion/contracts/exam';
import { ApiClientError } from '@/lib/api-client';
import { useExamRun } from '@/lib/queries/exam';
import { deleteExamRun, saveExamRun } from '../api/exam-run';
import {
  clearLocalRun,
  createRunSync,
  furtherRun,
  parseLocalRun,
  readLocalRunText,
  restoreRun,
  writeLocalRun,
  type KeptRun,
  type RestoredRun,
} from './exam-run-store';

/**
 * Where the resume stands: `loading` (the account's run is being read: show the skeleton), `unknown`
 * (the page is hydrating and this browser's storage is not read yet: render as the server did),
 * `found` (a run to continue: the runner takes it), `none` (start at question 1).
 */
export type ResumePhase = 'loading' | 'unknown' | 'found' | 'none';

const noSubscription = () => () => undefined;
const unknownOnServer = () => undefined;

/**
 * Resume of the spec's run: finds the run kept in this browser (guests) or on the account (signed in;
 * after sign-in the further of the two, uploaded when it is the browser's), hands it to the runner
 * once, and keeps the run after each answer without ever holding the exam up.
 */
export function useExamResume({
  enabled,
  signedIn,
  questions,
  total,
  onServerRun,
}: {
  enabled: boolean;
  signedIn: boolean;
  /** The pool the user may read (the run's exam is drawn from it). */
  questions: readonly ExamQuestion[] | undefined;
  /** The length of an exam drawn from the pool (a server run brings its own). */
  total: number;
  /** Hears the server's run after each save that went through (its draw is the one that counts); keep it stable (a state setter). */
  onServerRun?: (run: ExamRun) => void;
}) {
  // The server snapshot is "unknown": the first render in the browser matches the server's HTML.
  const localText = useSyncExternalStore(noSubscription, readLocalRunText, unknownOnServer);
  const server = useExamRun('exam', enabled && signedIn);
  const [settled, setSettled] = useState(false);
  const settledRef = useRef(false);
  const sync = useMemo(
    () =>
      createRunSync({
        // The seed tells the server which exam this is (a run drawn here, offline too); none keeps the server's draw.
        save: async (run) => {
          const saved = await saveExamRun({ mode: 'exam', ...(run.seed !== undefined && { seed: run.seed }), position: run.position, answers: run.answers });
          onServerRun?.(saved.data);
        },
        remove: () => deleteExamRun('exam'),
        // Kept in this browser until a save goes through (the next visit uploads the further run);
        // a refusal (4xx) would only be refused again.
        onSaveFailed: (run, error) => {
          if (!(error instanceof ApiClientError && error.status >= 400 && error.status < 500)) writeLocalRun(run);
        },
        onSaved: () => clearLocalRun(),
      }),
    [onServerRun],
  );

  const choice = useMemo(() => {
    if (!questions || localText === undefined) return null;
    const local = parseLocalRun(localText);
    const kept = server.data;
    const serverRun: KeptRun | null = kept
      ? {
          ...(kept.seed !== null && { seed: kept.seed }),
          question_ids: kept.question_ids,
          total: kept.total,
          position: kept.position,
          answers: kept.answers,
          score: kept.score,
          wrong_question_ids: kept.wrong_question_ids,
        }
      : null;
    const fromLocal = local ? restoreRun(local, questions, total) : null;
    const fromServer = signedIn && serverRun ? restoreRun(serverRun, questions, total) : null;
    const { source } = furtherRun(fromLocal ? local : null, fromServer ? serverRun : null);
    return { source, local, restored: source === 'local' ? fromLocal : source === 'server' ? fromServer : null };
  }, [questions, localText, server.data, signedIn, total]);

  let phase: ResumePhase;
  if (!enabled || settled) phase = 'none';
  else if (signedIn && server.isPending) phase = 'loading';
  else if (!choice) phase = 'unknown';
  else phase = choice.restored ? 'found' : 'none';

  // Nothing to continue: settled for good, so the run this visit keeps is not taken up again.
  useEffect(() => {
    if (phase === 'none' && enabled && !settledRef.current) {
      settledRef.current = true;
      setSettled(true);
    }
  }, [phase, enabled]);

  /** The run to continue, once (null afterwards); signed in, a further run of this browser is uploaded. */
  const take = useCallback((): RestoredRun | null => {
    if (settledRef.current || !choice?.restored) return null;
    settledRef.current = true;
    setSettled(true);
    if (signedIn) {
      if (choice.source === 'local' && choice.local) sync.save(choice.local);
      else clearLocalRun();
    }
    return choice.restored;
  }, [choice, signedIn, sync]);

  /** Keeps the run after an answer: in this browser for guests, on the account when signed in. */
  const save = useCallback(
    (run: KeptRun) => {
      if (!enabled) return;
      if (signedIn) sync.save(run);
      else writeLocalRun(run);
    },
    [enabled, signedIn, sync],
  );

  /** "Start over": the kept run is removed. */
  const clear = useCallback(() => {
    if (!enabled) return;
    clearLocalRun();
    if (signedIn) sync.remove();
  }, [enabled, signedIn, sync]);

  /** Resolves when the saves asked for so far are answered (the attempt removes the run after them). */
  const idle = useCallback(() => sync.idle(), [sync]);

  return { phase, take, save, clear, idle };
}
