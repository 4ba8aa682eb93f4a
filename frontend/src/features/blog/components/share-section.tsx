import { Box, Button, Flex, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { Check, Link as LinkIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { withIntent } from '../../../lib/intent';
import { showToast } from '../../../components/toaster';
import { Tooltip } from '../../../components/tooltip';
import { useCopiedIndicator } from '../hooks/use-copied-indicator';
import {
  browserSharePlatform,
  copyLink,
  prepareKakaoShare,
  SHARE_CHANNELS,
  sharePost,
  type ShareChannel,
  type ShareOutcome,
  type SharedPost,
} from '../share-post';
import { channelBadges } from './share-icons';

interface ShareButtonProps {
  label: string;
  /** The full name for screen readers when the visible label is the bare channel name. */
  ariaLabel?: string;
  badge: ReactNode;
  onClick: () => void;
  /** A visitor reaches for it (pointer over it, a finger on it, focus on it). */
  onIntent?: () => void;
}

function ShareButton({ label, ariaLabel, badge, onClick, onIntent }: ShareButtonProps) {
  return (
    <Tooltip label={ariaLabel ?? label}>
      <Button
        variant="outline"
        onClick={onClick}
        {...(onIntent && withIntent({}, onIntent))}
        aria-label={ariaLabel}
        h="auto"
        minH="20"
        py="3"
        px="2"
        flexDirection="column"
        gap="2"
        whiteSpace="normal"
        rounded="xl"
      >
        {badge}
        <Text as="span" fontSize="sm" fontWeight="medium" lineHeight="1.2">
          {label}
        </Text>
      </Button>
    </Tooltip>
  );
}

function Badge({ bg, color, children }: { bg: string; color: string; children: ReactNode }) {
  return (
    <Flex align="center" justify="center" boxSize="10" rounded="full" bg={bg} color={color} aria-hidden>
      {children}
    </Flex>
  );
}

/**
 * "Share this post": KakaoTalk, Facebook, X, Naver, Instagram and copy link. With a Kakao app key
 * the KakaoTalk button loads Kakao's SDK when a visitor reaches for it, and shares its card.
 */
export function ShareSection({ post }: { post: SharedPost }) {
  const { t } = useTranslation();
  const headingId = useId();
  const { copied, markCopied } = useCopiedIndicator();

  function announce(outcome: ShareOutcome) {
    switch (outcome) {
      case 'shared':
        showToast({ type: 'success', title: t('blog.share.shared') });
        return;
      case 'copied':
        showToast({ type: 'success', title: t('blog.share.copied'), description: t('blog.share.copiedDescription') });
        return;
      case 'copied-for-kakao':
        showToast({ type: 'info', title: t('blog.share.copied'), description: t('blog.share.kakaoGuide') });
        return;
      case 'copied-for-instagram':
        showToast({ type: 'info', title: t('blog.share.copied'), description: t('blog.share.instagramGuide') });
        return;
      case 'copy-failed':
        showToast({
          type: 'error',
          title: t('blog.share.copyFailed'),
          description: t('blog.share.copyFailedDescription'),
        });
        return;
      case 'cancelled':
      case 'opened':
        return;
    }
  }

  async function handleShare(channel: ShareChannel) {
    announce(await sharePost(channel, post, browserSharePlatform(t('blog.readMore'))));
  }

  async function handleCopy() {
    const outcome = await copyLink(post.url, browserSharePlatform());
    if (outcome === 'copied') markCopied();
    announce(outcome);
  }

  return (
    <Box as="section" aria-labelledby={headingId} borderTopWidth="1px" pt="8">
      <Heading as="h2" id={headingId} size="lg" mb="4">
        {t('blog.share.heading')}
      </Heading>
      <SimpleGrid columns={{ base: 3, md: 6 }} gap="3">
        {SHARE_CHANNELS.map((channel) => {
          const { icon: Icon, bg, color } = channelBadges[channel];
          const name = t(`blog.share.channels.${channel}`);
          return (
            <ShareButton
              key={channel}
              label={name}
              ariaLabel={t('blog.share.shareOn', { channel: name })}
              badge={
                <Badge bg={bg} color={color}>
                  <Icon />
                </Badge>
              }
              onClick={() => void handleShare(channel)}
              onIntent={channel === 'kakao' ? prepareKakaoShare : undefined}
            />
          );
        })}
        <ShareButton
          label={t('blog.share.copyLink')}
          badge={
            <Badge bg="colorPalette.solid" color="colorPalette.contrast">
              {copied ? (
                <Check size={20} aria-hidden data-testid="copy-link-done" />
              ) : (
                <LinkIcon size={20} aria-hidden data-testid="copy-link-idle" />
              )}
            </Badge>
          }
          onClick={() => void handleCopy()}
        />
      </SimpleGrid>
    </Box>
  );
}
