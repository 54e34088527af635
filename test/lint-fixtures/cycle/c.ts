// Lint fixture (test/lint.test.ts): imports into the cycle but is not part of it: no-cycle must stay quiet.
import { b } from './b'

export const c = (n: number): number => b(n)
