import { Suspense } from 'react';
import type { ExamMap as ExamMapData } from '@medallion/contracts/exam-map';
import { lazyNamed } from '@/components/ui/lazy';
import { cn } from '@/lib/cn';

/** A map-reading question's map (exam-map.tsx): a chunk of its own, fetched with the first such question. */
const ExamMap = lazyNamed(() => import('./exam-map'), 'ExamMap');

/**
 * The map of a map-reading question wherever the question is shown: the runner (the spec's run, a topic,
 * the review queue, a resumed run), the timed simulation and the reviews after a result. Nothing for a
 * question without a map. `compact`: inside a review list (narrower, not bled to the card's edges).
 */
export function QuestionMap({ map, compact = false }: { map: ExamMapData | null | undefined; compact?: boolean }) {
  if (!map) return null;
  return (
    <Suspense fallback={<div className={cn('aspect-[400/420] w-full self-center', compact ? 'max-w-[360px]' : 'max-h-[60svh] max-w-[520px]')} />}>
      <ExamMap map={map} compact={compact} />
    </Suspense>
  );
}
