/** Every hardfork's opcode table from @ethereumjs/evm (see build-opcodes.mjs). */
export function tables(): { id: string; block: number | null; timestamp: number | null; ops: [number, string, number, number][] }[]
