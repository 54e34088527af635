// Lint fixture (test/lint.test.ts): a.ts and b.ts import each other, so import-x/no-cycle must fire.
import { b } from './b'

export const a = (n: number): number => (n <= 0 ? 0 : b(n - 1))
