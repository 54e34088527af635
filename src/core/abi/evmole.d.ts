/**
 * evmole 0.8.4 ships its types, but its package's "exports" do not point TypeScript at them
 * for the bare specifier; this declares the one function core uses.
 */
declare module 'evmole' {
  export function contractInfo(
    code: string,
    args: { selectors?: boolean; arguments?: boolean; stateMutability?: boolean },
  ): { functions?: { selector: string; bytecodeOffset: number; arguments?: string; stateMutability?: string }[] }
}
