import { Alert, Box, Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { ImageUp, RotateCcw, Send, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../components/toaster';
import { errorMessage, hasStatus } from '../../../lib/api-client';
import { env } from '../../../lib/env';
import { MAX_RECORDING_MS, type SentMessage } from '../api/message';
import { savePendingUpload } from '../api/pending-uploads';
import { isAbort, uploadVideo, type UploadWaiting, type VideoUpload } from '../api/upload-video';
import { formatMegabytes } from '../format';
import { useShrinkOffer } from '../shrink/use-shrink-offer';
import { ShrinkOffer } from './shrink-offer';
import { LabelledProgress } from './labelled-progress';

export interface ChosenVideo {
  video: Blob;
  fileName: string;
  source: 'record' | 'upload';
  /** A recording that stopped itself at the length cap. */
  reachedLimit?: boolean;
  /** An upload this browser began before (kept in IndexedDB): it goes on at once from where it was. */
  resumed?: { uploadUrl: string | null; ownerKey: string | null };
}

interface VideoPreviewProps {
  qrToken: string;
  chosen: ChosenVideo;
  /** Retake (a recording) or choose another file (an upload). */
  onReplace: () => void;
  onSent: (sent: SentMessage) => void;
  /** The server answered that the code changed under us (409) or is gone (404). */
  onStale: () => void;
}

/** A ref for a <video> that plays `blob` from an object URL, revoked when the blob changes or the video goes. */
function useBlobSource(blob: Blob) {
  const videoRef = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const objectUrl = URL.createObjectURL(blob);
    video.src = objectUrl;
    return () => URL.revokeObjectURL(objectUrl);
  }, [blob]);
  return videoRef;
}

/** The chosen video before it goes: watch it, replace it, or send it with a progress bar. */
export function VideoPreview({ qrToken, chosen, onReplace, onSent, onStale }: VideoPreviewProps) {
  const { t } = useTranslation();
  // A file from the gallery may be shrunk first; what goes is then the shrunk one.
  const shrinkOffer = useShrinkOffer(chosen.video, chosen.source === 'upload' && !chosen.resumed);
  const shrinkState = shrinkOffer.state;
  const outgoing = shrinkState.status === 'shrunk' ? shrinkState.result : chosen;
  const videoRef = useBlobSource(outgoing.video);
  const [progress, setProgress] = useState<number | null>(null);
  const [waiting, setWaiting] = useState<UploadWaiting>(false);
  const uploadRef = useRef<VideoUpload | null>(null);
  const resumeFrom = useRef(chosen.resumed ?? null);
  const sending = progress !== null;

  // Leaving the page mid-upload stops sending bytes nobody waits for; coming back goes on.
  useEffect(() => () => uploadRef.current?.pause(), []);

  const mustWait =
    shrinkState.status === 'checking' ||
    shrinkState.status === 'shrinking' ||
    ((shrinkState.status === 'offer' || shrinkState.status === 'failed') && shrinkState.plan.required);

  async function handleSend() {
    if (outgoing.video.size > env.VIDEO_MAX_BYTES) {
      showToast({
        type: 'error',
        title: t('message.choose.tooLarge', { limit: formatMegabytes(env.VIDEO_MAX_BYTES) }),
      });
      return;
    }
    setProgress(0);
    setWaiting(false);
    // A resumed upload goes on once; sent again after a cancel or a refusal, the video starts anew.
    const resumed = resumeFrom.current;
    resumeFrom.current = null;
    const pending = {
      video: outgoing.video,
      fileName: outgoing.fileName,
      uploadUrl: resumed?.uploadUrl ?? null,
      ownerKey: resumed?.ownerKey ?? null,
    };
    // The video is kept before a byte goes: a reload from here on finds it again.
    if (!resumed) await savePendingUpload(qrToken, pending);
    const upload = uploadVideo(qrToken, pending, { onProgress: setProgress, onWaiting: setWaiting });
    uploadRef.current = upload;
    try {
      const sent = await upload.done;
      uploadRef.current = null;
      // Complete on the server, but its answer was lost: the code's own state says the rest.
      if (sent) onSent(sent);
      else onStale();
    } catch (error) {
      uploadRef.current = null;
      setProgress(null);
      setWaiting(false);
      if (isAbort(error)) return;
      showToast({ type: 'error', title: errorMessage(error) ?? t('message.upload.failed') });
      if (hasStatus(error, 409, 404)) onStale();
    }
  }

  // An upload begun before a reload goes on by itself.
  useEffect(() => {
    if (resumeFrom.current) void handleSend();
  });

  const percent = Math.floor((progress ?? 0) * 100);

  return (
    <Stack gap="5">
      <Stack gap="1" textAlign="center">
        <Heading as="h2" size="xl">
          {sending ? t('message.upload.title') : t('message.preview.title')}
        </Heading>
        {!sending && <Text color="fg.muted">{t('message.preview.text')}</Text>}
      </Stack>

      {chosen.reachedLimit && (
        <Alert.Root status="info" rounded="xl">
          <Alert.Indicator />
          <Alert.Title>
            {t('message.preview.limitReached', { max: t('message.minutes', { minutes: MAX_RECORDING_MS / 60_000 }) })}
          </Alert.Title>
        </Alert.Root>
      )}

      <Box bg="black" rounded="2xl" overflow="hidden">
        {/* eslint-disable-next-line jsx-a11y/media-has-caption -- the giver's own recording has no captions to offer */}
        <video
          ref={videoRef}
          controls
          playsInline
          aria-label={t('message.preview.label')}
          style={{ width: '100%', maxHeight: '70dvh', display: 'block', margin: '0 auto' }}
        />
      </Box>

      {!sending && (
        <ShrinkOffer state={shrinkState} onShrink={() => void shrinkOffer.shrink()} onCancel={shrinkOffer.cancel} />
      )}

      {sending ? (
        <Stack gap="3">
          <LabelledProgress
            label={t('message.upload.progressLabel')}
            percent={percent}
            percentTestId="upload-percent"
          />
          {waiting && (
            <Alert.Root status="warning" rounded="xl" role="status">
              <Alert.Indicator />
              <Alert.Title>
                {waiting === 'server' ? t('message.upload.serverAway') : t('message.upload.offline')}
              </Alert.Title>
            </Alert.Root>
          )}
          {chosen.resumed && !waiting && percent < 100 && (
            <Text fontSize="sm" color="fg.muted" textAlign="center">
              {t('message.upload.resumed')}
            </Text>
          )}
          {percent === 100 && (
            <Text fontSize="sm" color="fg.muted" textAlign="center" role="status">
              {t('message.upload.finishing')}
            </Text>
          )}
          <Button
            variant="outline"
            rounded="full"
            size="lg"
            alignSelf="center"
            onClick={() => uploadRef.current?.abort()}
          >
            <X aria-hidden />
            {t('message.upload.cancel')}
          </Button>
        </Stack>
      ) : (
        shrinkState.status !== 'shrinking' && (
          <Flex gap="3" direction={{ base: 'column-reverse', sm: 'row' }} justify="center">
            <Button variant="outline" rounded="full" size="lg" onClick={onReplace}>
              {chosen.source === 'record' ? <RotateCcw aria-hidden /> : <ImageUp aria-hidden />}
              {chosen.source === 'record' ? t('message.preview.retake') : t('message.preview.chooseAnother')}
            </Button>
            <Button rounded="full" size="lg" minW="40" disabled={mustWait} onClick={() => void handleSend()}>
              <Send aria-hidden />
              {t('message.preview.send')}
            </Button>
          </Flex>
        )
      )}
    </Stack>
  );
}
