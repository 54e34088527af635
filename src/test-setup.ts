// Shared test setup. Component tests opt into jsdom with `// @vitest-environment jsdom`.
// Every file's randomness (fast-check, crypto.getRandomValues) comes from one printed seed.
import { seedRandomness } from '../test/support'

seedRandomness()
