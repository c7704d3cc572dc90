import { zodResolver } from '@hookform/resolvers/zod';
import AutoAwesomeRoundedIcon from '@mui/icons-material/AutoAwesomeRounded';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import MenuBookRoundedIcon from '@mui/icons-material/MenuBookRounded';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SIZA_QUESTION_MAX,
  SIZA_TEXTS,
  type SizaChatItem,
  type SizaQuestionRequest,
  SizaQuestionRequest as SizaQuestionSchema,
} from '@portal/domain/siza/siza';
import { type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorMessageWithRetry } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useIsMobile } from '../../../lib/use-is-mobile';
import { useAskSiza, useClearSiza, useSizaChat } from '../api/siza';

interface SizaDialogProps {
  open: boolean;
  onClose: () => void;
  /** A cited module was opened: the dialog closes (and the mobile menu with it). */
  onNavigate?: (() => void) | undefined;
}

function Bubble({ from, children }: { from: 'user' | 'assistant'; children: React.ReactNode }) {
  const mine = from === 'user';
  return (
    <Box sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start', gap: 1 }}>
      {mine ? null : (
        <Avatar sx={{ width: 30, height: 30, bgcolor: 'secondary.main', mt: 0.5 }} aria-hidden>
          <AutoAwesomeRoundedIcon sx={{ fontSize: 17 }} />
        </Avatar>
      )}
      <Box
        sx={{
          maxWidth: '85%',
          px: 1.75,
          py: 1.25,
          borderRadius: 3,
          borderTopRightRadius: mine ? 4 : undefined,
          borderTopLeftRadius: mine ? undefined : 4,
          bgcolor: mine ? 'primary.main' : 'grey.100',
          color: mine ? 'primary.contrastText' : 'text.primary',
          overflowWrap: 'anywhere',
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

function ChatItem({ item, onNavigate }: { item: SizaChatItem; onNavigate: () => void }) {
  return (
    <Bubble from={item.activityType}>
      <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
        {item.text}
      </Typography>
      {item.sources.length ? (
        <Box sx={{ mt: 1.25, pt: 1, borderTop: '1px solid', borderColor: 'divider' }}>
          <Typography variant="caption" sx={{ fontWeight: 700, color: 'text.secondary' }}>
            {SIZA_TEXTS.sourcesLabel}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {item.sources.map((source) => (
              <li key={source.moduleId}>
                <Link
                  component={RouterLink}
                  to={source.path}
                  onClick={onNavigate}
                  variant="body2"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontWeight: 600, py: 0.25 }}
                >
                  <MenuBookRoundedIcon sx={{ fontSize: 16 }} aria-hidden />
                  {source.moduleName}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 0.5, opacity: 0.75, textAlign: item.activityType === 'user' ? 'right' : 'left' }}
      >
        {formatDateTime(item.createdAt)}
      </Typography>
    </Bubble>
  );
}

/** The Ask Siza chat (spec 2): the conversation so far, a question box, Clear and Send. */
export default function SizaDialog({ open, onClose, onNavigate }: SizaDialogProps) {
  const isMobile = useIsMobile();
  const chat = useSizaChat(open);
  const ask = useAskSiza();
  const clear = useClearSiza();
  const [confirmClear, setConfirmClear] = useState(false);
  const [pending, setPending] = useState<string | null>(null);
  const logRef = useRef<HTMLDivElement>(null);
  const { control, handleSubmit, reset, setFocus } = useForm<SizaQuestionRequest>({
    resolver: zodResolver(SizaQuestionSchema),
    defaultValues: { question: '' },
  });

  const items = useMemo(() => [...(chat.data?.pages ?? [])].reverse().flatMap((page) => page.items), [chat.data]);
  const lastId = items.at(-1)?.id;

  // The newest message stays in view: on opening, and as the conversation grows.
  const scrollToEnd = useCallback(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll when the last item or the pending question changes
  useEffect(() => {
    const frame = requestAnimationFrame(scrollToEnd);
    return () => cancelAnimationFrame(frame);
  }, [lastId, pending, open, scrollToEnd]);

  const submit = handleSubmit((values) => {
    setPending(values.question);
    reset({ question: '' });
    ask.mutate(values, {
      onSettled: () => {
        setPending(null);
        setFocus('question');
      },
      onError: () => reset({ question: values.question }),
    });
  });

  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      if (!ask.isPending) void submit();
    }
  };

  const opened = () => {
    onClose();
    onNavigate?.();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isMobile}
      fullWidth
      maxWidth="sm"
      aria-labelledby="siza-title"
      slotProps={{
        paper: { sx: { height: isMobile ? '100%' : 'min(760px, 88vh)' } },
        transition: { onEntered: scrollToEnd },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: 2.5,
          py: 1.75,
          borderBottom: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Avatar sx={{ bgcolor: 'secondary.main', width: 38, height: 38 }} aria-hidden>
          <AutoAwesomeRoundedIcon fontSize="small" />
        </Avatar>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id="siza-title" variant="h6" component="h2" sx={{ lineHeight: 1.2 }}>
            {SIZA_TEXTS.title}
          </Typography>
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {SIZA_TEXTS.subtitle}
          </Typography>
        </Box>
        <IconButton aria-label={SIZA_TEXTS.close} onClick={onClose} edge="end">
          <CloseRoundedIcon />
        </IconButton>
      </Box>

      <DialogContent
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation with Siza"
        sx={{ display: 'flex', flexDirection: 'column', gap: 1.75, py: 2, bgcolor: '#fafbfd' }}
      >
        {chat.hasNextPage ? (
          <Button
            size="small"
            onClick={() => void chat.fetchNextPage()}
            loading={chat.isFetchingNextPage}
            sx={{ alignSelf: 'center' }}
          >
            {SIZA_TEXTS.earlier}
          </Button>
        ) : (
          <Bubble from="assistant">
            <Typography variant="body2">{SIZA_TEXTS.greeting}</Typography>
          </Bubble>
        )}
        {chat.isPending && open ? <CircularProgress size={24} sx={{ alignSelf: 'center' }} /> : null}
        {chat.isError ? <Alert severity="error">{errorMessageWithRetry(chat.error)}</Alert> : null}
        {items.map((item) => (
          <ChatItem key={item.id} item={item} onNavigate={opened} />
        ))}
        {pending ? (
          <>
            <Bubble from="user">
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {pending}
              </Typography>
            </Bubble>
            <Bubble from="assistant">
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <CircularProgress size={16} />
                <Typography variant="body2">{SIZA_TEXTS.thinking}</Typography>
              </Box>
            </Bubble>
          </>
        ) : null}
        {ask.isError ? <Alert severity="error">{errorMessageWithRetry(ask.error)}</Alert> : null}
      </DialogContent>

      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ px: 2, pt: 1.5, pb: 2, borderTop: '1px solid', borderColor: 'divider' }}
      >
        <Controller
          name="question"
          control={control}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              autoFocus
              fullWidth
              multiline
              maxRows={4}
              size="small"
              placeholder={SIZA_TEXTS.placeholder}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'Enter to send, Shift+Enter for a new line'}
              onKeyDown={onKeyDown}
              slotProps={{ htmlInput: { 'aria-label': 'Your question', maxLength: SIZA_QUESTION_MAX } }}
            />
          )}
        />
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mt: 1 }}>
          <Button onClick={() => setConfirmClear(true)} disabled={!items.length || ask.isPending} color="inherit">
            {SIZA_TEXTS.clear}
          </Button>
          <Button type="submit" variant="contained" loading={ask.isPending}>
            {SIZA_TEXTS.send}
          </Button>
        </Box>
      </Box>

      <ConfirmDialog
        open={confirmClear}
        title={SIZA_TEXTS.clearTitle}
        text={SIZA_TEXTS.clearText}
        confirmLabel={SIZA_TEXTS.clear}
        danger
        loading={clear.isPending}
        onClose={() => setConfirmClear(false)}
        onConfirm={() =>
          clear.mutate(undefined, {
            onSettled: () => setConfirmClear(false),
            onSuccess: () => ask.reset(),
          })
        }
      />
    </Dialog>
  );
}
