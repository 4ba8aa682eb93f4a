import { Badge, Button, Stack, VisuallyHidden } from '@chakra-ui/react';
import { QR_STATUSES } from '@giftcast/contract/qr-codes';
import { useQueryClient } from '@tanstack/react-query';
import { CircleOff, Clock, RefreshCcw, SearchX } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { hasStatus } from '../../../lib/api-client';
import { useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../components/loading-state';
import { PageLink } from '../../../components/page-link';
import { RETENTION_DAYS, type Message, type QrMessage, type SentMessage } from '../api/message';
import { canTakeBack, useOwnerKey } from '../api/owner-keys';
import { forgetPendingUpload, readPendingUpload, type PendingUpload } from '../api/pending-uploads';
import { messageQueryKey, useMessage } from '../api/use-message';
import { GiverFlow } from './giver-flow';
import { MessagePlayer } from './message-player';
import { ProcessingPanel } from './processing-panel';
import { SendYourOwn } from './send-your-own';
import { SentPanel } from './sent-panel';
import { StatePanel, stateIconProps } from './state-panel';
import { TakeBack } from './take-back';
import { TakeCodePanel } from './take-code-panel';
import { YourCodePanel } from './your-code-panel';
import type { TakenCode } from '../api/use-take-code';

/** What the page is given when it moves to a code just taken from /try. */
interface TakenState {
  taken: true;
}

function isTakenState(state: unknown): state is TakenState {
  return typeof state === 'object' && state !== null && (state as { taken?: unknown }).taken === true;
}

/**
 * Everything a scanned code can show: not found, disabled, expired, the giver's recording flow
 * with its result, the processing wait, and the recipient's player.
 */
export function MessageView({ qrToken }: { qrToken: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const justTaken = isTakenState(useLocation().state);
  const query = useMessage(qrToken);
  const owner = useOwnerKey(qrToken);
  const { key: ownerKey, forget: forgetOwnerKey } = owner;
  const [sentMessage, setSentMessage] = useState<Message | null>(null);
  const [processingFailed, setProcessingFailed] = useState(false);
  // An upload this browser began on this code before the page was reloaded (IndexedDB).
  const [resumable, setResumable] = useState<PendingUpload | null>(null);
  // Set from a 201 until the cache shows the message: an 'unused' seen meanwhile is the old answer.
  const awaitingRecorded = useRef(false);
  const data = query.data;
  const heldKeyOnUnusedCode = data?.status === 'unused' && ownerKey !== null;

  useEffect(() => {
    if (data?.status === 'recorded') awaitingRecorded.current = false;
    if (!heldKeyOnUnusedCode || awaitingRecorded.current) return;
    // The server frees a code whose video could not be processed: say so, and drop the dead key.
    setProcessingFailed(true);
    setSentMessage(null);
    forgetOwnerKey();
  }, [data, heldKeyOnUnusedCode, forgetOwnerKey]);

  useEffect(() => {
    let current = true;
    void readPendingUpload(qrToken).then((pending) => {
      if (current) setResumable(pending);
    });
    return () => {
      current = false;
    };
  }, [qrToken]);

  const setCode = (next: QrMessage) => queryClient.setQueryData(messageQueryKey(qrToken), next);
  const reload = () => void queryClient.invalidateQueries({ queryKey: messageQueryKey(qrToken) });

  function handleSent({ message, ownerKey: key }: SentMessage) {
    setResumable(null);
    awaitingRecorded.current = true;
    setCode({ serialNumber: data?.serialNumber ?? '', status: 'recorded', listed: false, message });
    owner.save({ ownerKey: key, takeBackUntil: message.takeBackUntil });
    setProcessingFailed(false);
    setSentMessage(message);
  }

  /** The code is the giver's now, under a new address: the page moves there, the old one names nothing. */
  function handleTaken({ qrToken: newToken, serialNumber }: TakenCode) {
    queryClient.setQueryData(messageQueryKey(newToken), {
      serialNumber,
      status: 'unused',
      listed: false,
      message: null,
    } satisfies QrMessage);
    queryClient.removeQueries({ queryKey: messageQueryKey(qrToken) });
    const taken: TakenState = { taken: true };
    void navigate(`/v/${encodeURIComponent(newToken)}`, { replace: true, state: taken });
  }

  function handleTakenBack() {
    forgetOwnerKey();
    setSentMessage(null);
    setCode({ serialNumber: data?.serialNumber ?? '', status: 'unused', listed: false, message: null });
  }

  function handleKeyRefused() {
    forgetOwnerKey();
    reload();
  }

  const takeBack = (show: boolean) =>
    show && ownerKey ? (
      <TakeBack qrToken={qrToken} ownerKey={ownerKey} onTakenBack={handleTakenBack} onKeyRefused={handleKeyRefused} />
    ) : null;

  if (query.isPending) return <LoadingState label={t('message.loading')} />;

  if (!data || !isKnownStatus(data)) {
    if (hasStatus(query.error, 404)) {
      return (
        <StatePanel
          icon={<SearchX {...stateIconProps} />}
          title={t('message.notFound.title')}
          text={t('message.notFound.text')}
        >
          <Button asChild rounded="full">
            <PageLink to="/">{t('message.notFound.home')}</PageLink>
          </Button>
        </StatePanel>
      );
    }
    return (
      <StatePanel
        tone="error"
        icon={<RefreshCcw {...stateIconProps} />}
        title={t('message.loadError.title')}
        text={t('message.loadError.text')}
      >
        <Button rounded="full" loading={query.isFetching} onClick={() => void query.refetch()}>
          {t('message.loadError.retry')}
        </Button>
      </StatePanel>
    );
  }

  let content: ReactNode;
  let announcement: string;
  if (sentMessage) {
    announcement = t('message.sent.title');
    content = (
      <SentPanel message={sentMessage} onView={() => setSentMessage(null)}>
        {takeBack(true)}
      </SentPanel>
    );
  } else if (data.status === 'disabled') {
    announcement = t('message.disabled.title');
    content = (
      <StatePanel
        tone="warning"
        icon={<CircleOff {...stateIconProps} />}
        title={announcement}
        text={t('message.disabled.text')}
      >
        <Button asChild variant="outline" rounded="full">
          <PageLink to="/support">{t('message.disabled.support')}</PageLink>
        </Button>
      </StatePanel>
    );
  } else if (data.status === 'expired') {
    announcement = t('message.expired.title');
    content = (
      <>
        <StatePanel
          icon={<Clock {...stateIconProps} />}
          title={announcement}
          text={t('message.expired.text', { days: RETENTION_DAYS })}
        />
        <SendYourOwn />
      </>
    );
  } else if (data.status === 'unused' && data.listed) {
    announcement = t('message.take.title');
    content = <TakeCodePanel qrToken={qrToken} onTaken={handleTaken} onStale={reload} />;
  } else if (resumable && (resumable.uploadUrl !== null || data.status === 'unused')) {
    // The server judges the upload on its HEAD: gone or refused, the page reloads the code's state.
    announcement = t('message.upload.title');
    content = (
      // Its own instance: the choice may be on screen already when IndexedDB answers.
      <GiverFlow
        key="resume"
        qrToken={qrToken}
        processingFailed={null}
        resumed={resumable}
        onSent={handleSent}
        onStale={() => {
          setResumable(null);
          void forgetPendingUpload(qrToken);
          reload();
        }}
      />
    );
  } else if (data.status === 'unused') {
    const failed = processingFailed || heldKeyOnUnusedCode;
    // Why, where the server kept the failed upload (a day): no picture, too long, unreadable.
    const reason = data.message?.state === 'failed' ? data.message.failureReason : null;
    announcement = failed ? t('message.processingFailed.title') : t('message.choose.title');
    content = (
      <GiverFlow qrToken={qrToken} processingFailed={failed ? { reason } : null} onSent={handleSent} onStale={reload} />
    );
  } else if (data.message?.state === 'ready') {
    announcement = t('message.player.title');
    content = (
      <>
        <MessagePlayer message={data.message} />
        {takeBack(canTakeBack(ownerKey))}
        {!ownerKey && <SendYourOwn />}
      </>
    );
  } else {
    announcement = t('message.processing.title');
    content = <ProcessingPanel>{takeBack(true)}</ProcessingPanel>;
  }

  return (
    <Stack gap="6">
      {data.serialNumber && (
        <Badge alignSelf="center" variant="subtle" rounded="full" size="md" fontVariantNumeric="tabular-nums">
          {t('message.serial', { serial: data.serialNumber })}
        </Badge>
      )}
      {/* Tells screen readers when the page changes by itself (processing → ready, or failed). */}
      <VisuallyHidden role="status">{announcement}</VisuallyHidden>
      {justTaken && <YourCodePanel qrToken={qrToken} serialNumber={data.serialNumber} />}
      {content}
    </Stack>
  );
}

function isKnownStatus(data: QrMessage): boolean {
  return (QR_STATUSES as readonly string[]).includes(data.status);
}
