export const FIXTURES_KEY: string
export const STORE_INIT: string
export const FIXTURES: { account: string; store: string; setTx: string; transfer: string }
export function seedDevnet(url: string): Promise<typeof FIXTURES>
