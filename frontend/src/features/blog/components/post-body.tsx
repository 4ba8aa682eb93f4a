import { Box, Heading, Text } from '@chakra-ui/react';
import { parsePostBody } from '../post-body';

/**
 * A post's body. The stored text is plain text, rendered as text (never as HTML): sub-heading
 * lines become h2 under the page's h1, other lines paragraphs, blank lines breaks.
 */
export function PostBody({ content }: { content: string }) {
  return (
    <Box lineHeight="1.9" fontSize={{ base: 'md', md: 'lg' }} overflowWrap="anywhere">
      {parsePostBody(content).map((block, index) => {
        switch (block.kind) {
          case 'break':
            return <br key={index} />;
          case 'heading':
            return (
              <Heading key={index} as="h2" size={{ base: 'lg', md: 'xl' }} lineHeight="1.5" mt="4" mb="2">
                {block.text}
              </Heading>
            );
          case 'paragraph':
            return (
              <Text key={index} mb="2">
                {block.text}
              </Text>
            );
        }
      })}
    </Box>
  );
}
