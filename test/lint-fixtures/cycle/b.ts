// Lint fixture (test/lint.test.ts): the other half of the a.ts <-> b.ts cycle.
import { a } from './a'

export const b = (n: number): number => (n <= 0 ? 1 : a(n - 1))
