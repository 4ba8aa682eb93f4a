import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';

/** A spinner that screen readers announce by its label. */
export function LoadingState({ label }: { label: string }) {
  return (
    <Center py="16" role="status">
      <Spinner size="lg" color="colorPalette.solid" />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}
