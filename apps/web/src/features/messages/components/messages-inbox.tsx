import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, ExternalLink, MessagesSquare } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import {
  MAX_LISTING_MESSAGE_LENGTH,
  sendListingMessageRequestSchema,
  type ConversationSummary,
  type SendListingMessageRequest,
} from '@medallion/contracts/conversations';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/card';
import { ErrorState } from '@/components/ui/error-state';
import { TextAreaField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { applyFieldErrors, errorText, keyText } from '@/lib/error-text';
import { useConversation, useConversations } from '@/lib/queries/messages';
import { useMarkConversationRead } from '../api/mark-conversation-read';
import { useReplyToConversation } from '../api/reply-to-conversation';

const PARAM = 'conversation';

function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  return (iso: string) => format.format(new Date(iso));
}

/**
 * The dashboard's Messages tab: the user's conversations (as owner and as driver), the latest first,
 * and the open one (?conversation=) with its messages and a reply form. Side by side from md; on a
 * phone the list or the thread.
 */
export function MessagesInbox() {
  const { t } = useTranslation('conversations');
  const threads = useConversations();
  const [params, setParams] = useSearchParams();
  const selected = params.get(PARAM);
  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set(PARAM, id);
        else next.delete(PARAM);
        return next;
      },
      { replace: false },
    );

  if (threads.isPending) return <Spinner label={t('inbox.loading')} className="mx-auto my-10 size-8" />;
  if (threads.isError) return <ErrorState message={errorText(threads.error)} retryLabel={t('inbox.retry')} onRetry={() => void threads.refetch()} />;
  const list = threads.data.data;
  if (list.length === 0 && !selected) {
    return (
      <EmptyState icon={MessagesSquare}>
        <p>{t('inbox.empty')}</p>
      </EmptyState>
    );
  }
  return (
    <div className="grid items-start gap-4 md:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
      <nav aria-label={t('inbox.listLabel')} className={cn(selected && 'hidden md:block')}>
        <ul className="flex flex-col gap-2">
          {list.map((thread) => (
            <ThreadItem key={thread.conversation_id} thread={thread} active={thread.conversation_id === selected} onOpen={() => open(thread.conversation_id)} />
          ))}
        </ul>
      </nav>
      {selected ? (
        <ThreadView key={selected} conversationId={selected} onBack={() => open(null)} />
      ) : (
        <p className="hidden rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600 md:block">{t('inbox.pick')}</p>
      )}
    </div>
  );
}

function ThreadItem({ thread, active, onOpen }: { thread: ConversationSummary; active: boolean; onOpen: () => void }) {
  const { t } = useTranslation('conversations');
  const when = useDateTime();
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        data-testid="conversation-item"
        className={cn(
          'flex w-full flex-col gap-1 rounded-xl border bg-white p-3 text-left transition-colors hover:border-slate-400',
          active ? 'border-asphalt ring-1 ring-asphalt' : 'border-slate-200',
        )}
      >
        <span className="flex items-start justify-between gap-2">
          <span className={cn('min-w-0 break-words', thread.unread ? 'font-extrabold text-asphalt' : 'font-semibold text-slate-800')}>
            {thread.listing_title ?? t('inbox.untitled')}
          </span>
          {thread.unread && (
            <span className="shrink-0 rounded-full bg-taxi px-2 py-0.5 text-xs font-bold text-asphalt" data-testid="unread-mark">
              {t('inbox.unread')}
            </span>
          )}
        </span>
        <span className="text-sm text-slate-600">{t(thread.role === 'owner' ? 'inbox.fromDriver' : 'inbox.withOwner', { name: thread.other_name })}</span>
        <span className="line-clamp-2 break-words text-sm text-slate-700">
          {thread.last_message_mine && <span className="font-semibold">{t('inbox.you')} </span>}
          {thread.last_message}
        </span>
        <span className="text-xs text-slate-500">{when(thread.last_message_at)}</span>
      </button>
    </li>
  );
}

function ThreadView({ conversationId, onBack }: { conversationId: string; onBack: () => void }) {
  const { t } = useTranslation('conversations');
  const thread = useConversation(conversationId);
  const markRead = useMarkConversationRead();
  const when = useDateTime();
  const headingId = useId();
  const unread = thread.data?.data.unread;
  const { mutate: markAsRead } = markRead;
  useEffect(() => {
    if (unread) markAsRead(conversationId);
  }, [unread, conversationId, markAsRead]);

  const back = (
    <button type="button" onClick={onBack} className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-info hover:underline md:hidden">
      <ArrowLeft aria-hidden="true" className="size-5" />
      {t('inbox.back')}
    </button>
  );
  if (thread.isPending) return <Spinner label={t('inbox.loading')} className="mx-auto my-10 size-8" />;
  if (thread.isError) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <ErrorState message={errorText(thread.error)} retryLabel={t('inbox.retry')} onRetry={() => void thread.refetch()} />
      </div>
    );
  }
  const data = thread.data.data;
  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:p-5">
      {back}
      <header className="flex flex-col gap-1 border-b border-slate-100 pb-3">
        <h2 id={headingId} className="break-words text-xl font-bold">
          {data.listing_title ?? t('inbox.untitled')}
        </h2>
        <p className="text-sm text-slate-600">{t(data.role === 'owner' ? 'inbox.fromDriver' : 'inbox.withOwner', { name: data.other_name })}</p>
        <Link to={`/listing/${data.listing_id}`} className="inline-flex items-center gap-1 self-start text-sm font-semibold text-info underline">
          {t('inbox.viewListing')}
          <ExternalLink aria-hidden="true" className="size-4" />
        </Link>
      </header>
      <ol aria-label={t('inbox.messagesLabel')} className="flex flex-col gap-3">
        {data.messages.map((m) => (
          <li key={m.message_id} data-testid="thread-message" className={cn('flex max-w-[85%] flex-col gap-1', m.mine ? 'self-end items-end' : 'self-start')}>
            <span className="text-xs text-slate-600">
              <span className="font-semibold">{m.mine ? t('inbox.you') : m.sender_name}</span> · {when(m.created_at)}
            </span>
            <p className={cn('whitespace-pre-wrap break-words rounded-2xl px-4 py-2.5', m.mine ? 'bg-taxi-soft text-asphalt' : 'bg-slate-100 text-slate-900')}>
              {m.body}
            </p>
          </li>
        ))}
      </ol>
      <ReplyForm conversationId={conversationId} />
    </section>
  );
}

function ReplyForm({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation('conversations');
  const form = useForm<SendListingMessageRequest>({ resolver: zodResolver(sendListingMessageRequestSchema), defaultValues: { body: '' } });
  const reply = useReplyToConversation();
  const problem = form.formState.errors.body;
  const error = problem?.type === 'server' ? problem.message : keyText(problem?.message);

  const submit = form.handleSubmit(({ body }) =>
    reply.mutate(
      { conversationId, body },
      {
        onSuccess: () => {
          form.reset({ body: '' });
          form.setFocus('body');
        },
        onError: (e) => {
          if (!applyFieldErrors(form, e, ['body'])) form.setError('body', { type: 'server', message: errorText(e) });
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-3 border-t border-slate-100 pt-4">
      <TextAreaField
        label={t('inbox.replyLabel')}
        hint={t('inbox.replyHint')}
        rows={3}
        maxLength={MAX_LISTING_MESSAGE_LENGTH}
        error={error}
        {...form.register('body')}
      />
      <Button type="submit" variant="dark" disabled={reply.isPending} className="self-end">
        {reply.isPending && <Spinner label={t('inbox.sending')} />}
        {t('inbox.send')}
      </Button>
    </form>
  );
}
