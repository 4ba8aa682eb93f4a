// What build/chakra-start-up.test.mjs bundles and runs: the app's theme, with Chakra's createSystem.
export { buildSystemsInSteps, getSystems } from '../src/app/theme';
export { createSystem } from '@chakra-ui/react';
