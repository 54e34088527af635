export function contentSecurityPolicy(opts?: { devnetUrl?: string | null; header?: boolean; offline?: boolean; scriptHashes?: string[] }): string
export function securityHeaders(): Record<string, string>
