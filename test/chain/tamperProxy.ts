/**
 * A loopback JSON-RPC proxy in front of a real node that can change one answer: the first
 * result of `tamper.method` that `tamper.mutate` accepts (a non-null return) is replaced, and
 * `tamper.applied` says it ran. Batches are answered in the node's order. Used by the verified
 * reads suites (test/chain/proof-verify.test.ts, verified-reads.test.ts).
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export type Json = Record<string, unknown>

/** The tampering in force: changes the first answer of `method` that `mutate` accepts. */
export interface Tampering {
  method: string
  mutate: (result: Json | string, params: unknown[]) => Json | string | null
  applied: boolean
}

export interface TamperProxy {
  url: string
  tamper: Tampering | null
  close(): Promise<void>
}

export async function startTamperProxy(target: string): Promise<TamperProxy> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      const sent = JSON.parse(body) as Json | Json[]
      void fetch(target, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => {
        const answer = (await r.json()) as Json | Json[]
        const calls = Array.isArray(sent) ? sent : [sent]
        const answers = Array.isArray(answer) ? answer : [answer]
        for (const a of answers) {
          const call = calls.find((c) => c.id === a.id)
          const t = proxy.tamper
          if (t && !t.applied && call?.method === t.method && a.result != null) {
            const m = t.mutate(a.result as Json | string, call.params as unknown[])
            if (m !== null) {
              a.result = m
              t.applied = true
            }
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify(Array.isArray(answer) ? answers : answers[0]))
      })
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const proxy: TamperProxy = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tamper: null,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
  return proxy
}
