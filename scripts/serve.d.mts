export function serveDist(opts: { root: string; port?: number; host?: string; devnet?: { rpcUrl: string; chainId: number } | null }): Promise<{ url: string; port: number; close: () => Promise<void> }>
export function withDevnetMeta(html: string, devnet: { rpcUrl: string; chainId: number } | null): string
