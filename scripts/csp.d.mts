export function contentSecurityPolicy(opts?: { devnetUrl?: string | null; header?: boolean }): string
