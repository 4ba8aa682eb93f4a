import { Badge, Box, Button, Flex, HStack, IconButton, Stack, Text } from '@chakra-ui/react';
import { ArrowLeft, Circle, RefreshCcw, Square, SwitchCamera, VideoOff } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { LoadingState } from '../../../components/loading-state';
import { Tooltip } from '../../../components/tooltip';
import { MAX_RECORDING_MS } from '../api/message';
import { formatClock } from '../format';
import { useCamera } from '../recording/use-camera';
import { useRecorder, type Recording } from '../recording/use-recorder';
import { StatePanel, stateIconProps } from './state-panel';

interface CameraRecorderProps {
  onRecorded: (recording: Recording) => void;
  onBack: () => void;
  /** Offered when the camera cannot be used. */
  onUpload: () => void;
}

/** The live camera with start/stop, a running mm:ss clock and the 3-minute cap. */
export function CameraRecorder({ onRecorded, onBack, onUpload }: CameraRecorderProps) {
  const { t } = useTranslation();
  const camera = useCamera();
  const stream = camera.state.status === 'ready' ? camera.state.stream : null;
  const recorder = useRecorder(stream, onRecorded);
  const videoRef = useRef<HTMLVideoElement>(null);
  const maxLabel = t('message.minutes', { minutes: MAX_RECORDING_MS / 60_000 });

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.srcObject = stream;
    // Autoplay of a muted inline video is allowed everywhere; a refusal only delays the picture.
    if (stream) video.play?.()?.catch(() => {});
  }, [stream]);

  if (camera.state.status === 'denied' || camera.state.status === 'unavailable') {
    const denied = camera.state.status === 'denied';
    return (
      <StatePanel
        tone="warning"
        icon={<VideoOff {...stateIconProps} />}
        title={t('message.record.deniedTitle')}
        text={t(denied ? 'message.record.denied' : 'message.record.unavailable')}
      >
        <Flex gap="3" wrap="wrap" justify="center">
          {denied && (
            <Button variant="outline" rounded="full" onClick={camera.retry}>
              <RefreshCcw aria-hidden />
              {t('message.record.retry')}
            </Button>
          )}
          <Button rounded="full" onClick={onUpload}>
            {t('message.choose.upload')}
          </Button>
        </Flex>
        <Button variant="ghost" rounded="full" onClick={onBack}>
          <ArrowLeft aria-hidden />
          {t('message.record.back')}
        </Button>
      </StatePanel>
    );
  }

  return (
    <Stack gap="4">
      <Box position="relative" bg="black" rounded="2xl" overflow="hidden" aspectRatio={{ base: '3 / 4', md: '4 / 3' }}>
        <video
          ref={videoRef}
          aria-label={t('message.record.previewLabel')}
          playsInline
          muted
          autoPlay
          style={{
            width: '100%',
            height: '100%',
            objectFit: 'cover',
            // The front camera is shown as a mirror, the way people expect to see themselves.
            transform: camera.facing === 'user' ? 'scaleX(-1)' : undefined,
          }}
        />
        {!stream && (
          <Flex position="absolute" inset="0" align="center" justify="center" color="white">
            <LoadingState label={t('message.record.starting')} />
          </Flex>
        )}
        <HStack position="absolute" top="3" insetStart="3" gap="2">
          {recorder.recording && (
            <Badge colorPalette="red" variant="solid" rounded="full" size="md">
              <Circle aria-hidden size={10} fill="currentColor" />
              {t('message.record.recording')}
            </Badge>
          )}
          <Text
            role="timer"
            aria-label={t('message.record.timerLabel')}
            bg="blackAlpha.600"
            color="white"
            px="2.5"
            py="0.5"
            rounded="full"
            fontSize="sm"
            fontWeight="semibold"
            fontVariantNumeric="tabular-nums"
          >
            {formatClock(recorder.elapsedMs)} / {formatClock(MAX_RECORDING_MS)}
          </Text>
        </HStack>
        {camera.canSwitch && (
          <Tooltip label={t('message.record.switchCamera')}>
            <IconButton
              position="absolute"
              top="2"
              insetEnd="2"
              aria-label={t('message.record.switchCamera')}
              variant="subtle"
              rounded="full"
              size="lg"
              disabled={recorder.recording}
              onClick={camera.switchCamera}
            >
              <SwitchCamera aria-hidden />
            </IconButton>
          </Tooltip>
        )}
      </Box>

      <Text textAlign="center" fontSize="sm" color="fg.muted">
        {t('message.record.limit', { max: maxLabel })}
      </Text>

      <Flex gap="3" justify="center" wrap="wrap">
        {!recorder.recording && (
          <Button variant="outline" rounded="full" size="lg" onClick={onBack}>
            <ArrowLeft aria-hidden />
            {t('message.record.back')}
          </Button>
        )}
        {recorder.recording ? (
          <Button colorPalette="red" rounded="full" size="lg" minW="44" onClick={recorder.stop}>
            <Square aria-hidden fill="currentColor" />
            {t('message.record.stop')}
          </Button>
        ) : (
          <Button rounded="full" size="lg" minW="44" disabled={!stream} onClick={recorder.start}>
            <Circle aria-hidden fill="currentColor" />
            {t('message.record.start')}
          </Button>
        )}
      </Flex>
    </Stack>
  );
}
