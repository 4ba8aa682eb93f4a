import { Alert, Button, Heading, SimpleGrid, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { Upload, Video } from 'lucide-react';
import { lazy, Suspense, useId, useRef, useState, useTransition, type ChangeEvent, type ReactNode } from 'react';
import { LoadingState } from '../../../components/loading-state';
import { useTranslation } from '../../../lib/i18n';
import { env } from '../../../lib/env';
import { withIntent } from '../../../lib/intent';
import { MAX_RECORDING_MS, RETENTION_DAYS, type FailureReason, type SentMessage } from '../api/message';
import type { PendingUpload } from '../api/pending-uploads';
import { formatMegabytes } from '../format';
import { recordingFileName } from '../recording/recorder-mime-type';
import type { Recording } from '../recording/use-recorder';
import { hasVideoEncoder } from '../shrink/shrink-plan';
import type { ChosenVideo } from './video-preview';

// The camera's and the upload's code come when the giver goes there, or points at the button that
// goes there: a recipient, and a visitor who only looks, never fetch them.
const loadCameraRecorder = () => import('./camera-recorder');
const loadVideoPreview = () => import('./video-preview');
const CameraRecorder = lazy(() => loadCameraRecorder().then((module) => ({ default: module.CameraRecorder })));
const VideoPreview = lazy(() => loadVideoPreview().then((module) => ({ default: module.VideoPreview })));

/** Fetches a step's code ahead of the click that opens it; a failure is left to the step itself. */
function prefetch(...loads: (() => Promise<unknown>)[]): void {
  for (const load of loads) load().catch(() => undefined);
}

interface GiverFlowProps {
  qrToken: string;
  /**
   * Shown above the choice when this browser's last video could not be processed, with the reason
   * when the server knows it.
   */
  processingFailed: { reason: FailureReason | null } | null;
  /** An upload this browser began before a reload: it goes on at once. */
  resumed?: PendingUpload | null;
  onSent: (sent: SentMessage) => void;
  onStale: () => void;
}

type Step = { name: 'choose' } | { name: 'record' } | { name: 'preview'; chosen: ChosenVideo };

/**
 * Why a picked file is refused before any byte is sent, or null when it may go. A file over the
 * cap goes on to the preview where the browser can shrink it.
 */
function refusalOf(file: File, maxBytes: number): 'tooLarge' | 'notVideo' | null {
  // Some pickers give no type at all; the server checks the bytes in any case.
  if (file.type !== '' && !file.type.startsWith('video/')) return 'notVideo';
  if (file.size > maxBytes && !hasVideoEncoder()) return 'tooLarge';
  return null;
}

/** An unused code: the giver records or picks a video, previews it and sends it. */
export function GiverFlow({ qrToken, processingFailed, resumed, onSent, onStale }: GiverFlowProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(() =>
    resumed
      ? {
          name: 'preview',
          chosen: {
            video: resumed.video,
            fileName: resumed.fileName,
            source: 'upload',
            resumed: { uploadUrl: resumed.uploadUrl, ownerKey: resumed.ownerKey },
          },
        }
      : { name: 'choose' },
  );
  // A step whose code is still on its way: the step shown stays until it is in (a transition),
  // rather than the flow giving way to a spinner.
  const [, startStepChange] = useTransition();
  const go = (next: Step) => startStepChange(() => setStep(next));
  const [refusal, setRefusal] = useState<'tooLarge' | 'notVideo' | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const limit = formatMegabytes(env.VIDEO_MAX_BYTES);
  const maxLabel = t('message.minutes', { minutes: MAX_RECORDING_MS / 60_000 });

  function pickFile() {
    fileInput.current?.click();
  }

  function handleFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file picked twice in a row must fire `change` again.
    event.target.value = '';
    if (!file) return;
    const reason = refusalOf(file, env.VIDEO_MAX_BYTES);
    setRefusal(reason);
    if (reason) {
      setStep({ name: 'choose' });
      return;
    }
    go({ name: 'preview', chosen: { video: file, fileName: file.name, source: 'upload' } });
  }

  function handleRecorded({ video, reachedLimit }: Recording) {
    go({
      name: 'preview',
      chosen: { video, fileName: recordingFileName(video.type), source: 'record', reachedLimit },
    });
  }

  const input = (
    <VisuallyHidden asChild>
      <input
        ref={fileInput}
        type="file"
        accept="video/*"
        aria-label={t('message.choose.fileLabel')}
        tabIndex={-1}
        onChange={handleFile}
      />
    </VisuallyHidden>
  );

  const choose = (
    <Stack gap="6">
      {processingFailed && (
        <Alert.Root status="error" rounded="xl" role="alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('message.processingFailed.title')}</Alert.Title>
            <Alert.Description>
              {processingFailed.reason
                ? t(`message.processingFailed.reasons.${processingFailed.reason}`, { max: maxLabel })
                : t('message.processingFailed.text')}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <Stack gap="2" textAlign="center">
        <Heading as="h2" size="xl" lineHeight="1.35">
          {t('message.choose.title')}
        </Heading>
        <Text color="fg.muted" lineHeight="1.7">
          {t('message.choose.text')}
        </Text>
      </Stack>

      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
        <ChoiceButton
          icon={<Video aria-hidden />}
          label={t('message.choose.record')}
          hint={t('message.choose.recordHint', { max: maxLabel })}
          onClick={() => {
            setRefusal(null);
            setStep({ name: 'record' });
          }}
          onIntent={() => prefetch(loadCameraRecorder, loadVideoPreview)}
          solid
        />
        <ChoiceButton
          icon={<Upload aria-hidden />}
          label={t('message.choose.upload')}
          hint={t('message.choose.uploadHint', { limit })}
          onClick={pickFile}
          onIntent={() => prefetch(loadVideoPreview)}
        />
      </SimpleGrid>

      {refusal && (
        <Alert.Root status="warning" rounded="xl" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t(`message.choose.${refusal}`, { limit })}</Alert.Title>
        </Alert.Root>
      )}

      <Text fontSize="sm" color="fg.muted" textAlign="center">
        {t('message.choose.keep', { days: RETENTION_DAYS })}
      </Text>
    </Stack>
  );

  let content: ReactNode;
  if (step.name === 'record') {
    content = (
      <CameraRecorder onRecorded={handleRecorded} onBack={() => setStep({ name: 'choose' })} onUpload={pickFile} />
    );
  } else if (step.name === 'preview') {
    const { chosen } = step;
    content = (
      <VideoPreview
        qrToken={qrToken}
        chosen={chosen}
        onReplace={() => (chosen.source === 'record' ? go({ name: 'record' }) : pickFile())}
        onSent={onSent}
        onStale={onStale}
      />
    );
  } else {
    content = choose;
  }

  return (
    <>
      {input}
      {/* One boundary for every step, there from the first: a step whose code is on its way in a
          transition keeps the step before it on screen; only a step opened outside one shows the spinner. */}
      <Suspense fallback={<LoadingState label={t('site.loading')} />}>{content}</Suspense>
    </>
  );
}

interface ChoiceButtonProps {
  icon: ReactNode;
  label: string;
  hint: string;
  onClick: () => void;
  /** A pointer over it, a finger on it or focus on it: the click is likely to follow. */
  onIntent: () => void;
  solid?: boolean;
}

function ChoiceButton({ icon, label, hint, onClick, onIntent, solid }: ChoiceButtonProps) {
  const hintId = useId();
  // The step it opens may wait for its code: the button says so meanwhile.
  const [opening, startOpening] = useTransition();
  return (
    <Button
      aria-describedby={hintId}
      variant={solid ? 'solid' : 'outline'}
      h="auto"
      py="5"
      rounded="2xl"
      flexDirection="column"
      gap="1"
      whiteSpace="normal"
      loading={opening}
      onClick={() => startOpening(onClick)}
      {...withIntent({}, onIntent)}
    >
      {icon}
      <Text as="span" fontSize="lg" fontWeight="bold">
        {label}
      </Text>
      {/* Full strength: white at 85 % on the solid button fell under the 4.5:1 contrast small text needs. */}
      <Text as="span" id={hintId} aria-hidden fontSize="sm" fontWeight="normal">
        {hint}
      </Text>
    </Button>
  );
}
