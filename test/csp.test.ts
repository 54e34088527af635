/**
 * The page's Content-Security-Policy, read where the browser reads it: the header of the real
 * production server (scripts/serve.mjs, started here) and the meta tag of the built
 * dist/index.html (built here first when there is none, as on a fresh clone).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serveDist } from '../scripts/serve.mjs'
import { repoRoot } from './support'

type Policy = Map<string, string[]>
function parse(csp: string): Policy {
  const m: Policy = new Map()
  for (const part of csp.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name) m.set(name.toLowerCase(), values)
  }
  return m
}

function strictCommon(p: Policy) {
  expect(p.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]) // no 'unsafe-inline', no 'unsafe-eval', no hosts
  expect(p.get('object-src')).toEqual(["'none'"])
  expect(p.get('base-uri')).toEqual(["'none'"])
  expect(p.get('default-src')).toEqual(["'self'"])
  const connect = p.get('connect-src')!
  expect(connect).toContain("'self'")
  // plain http is only loopback; no wildcard host
  expect(connect.filter((s) => s.startsWith('http:') || s.startsWith('ws:')).every((s) => /^(http|ws):\/\/(127\.0\.0\.1|localhost)(:\d+|:\*)$/.test(s))).toBe(true)
  expect(connect).not.toContain('http:')
  expect(connect).not.toContain('*')
}

const dist = join(repoRoot, 'dist')
const devnet = { rpcUrl: 'http://127.0.0.1:8545', chainId: 31337 }
let server: { url: string; close: () => Promise<void> }
beforeAll(async () => {
  // Built as `npm run build` does (outside Vitest's test environment, which would bundle React's development build).
  if (!existsSync(join(dist, 'index.html'))) execFileSync(join(repoRoot, 'node_modules', '.bin', 'vite'), ['build', '--logLevel', 'error'], { cwd: repoRoot, stdio: 'inherit', env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production' } })
  expect(existsSync(join(dist, 'index.html')), 'dist/index.html').toBe(true)
  server = await serveDist({ root: dist, port: 0, devnet })
})
afterAll(async () => {
  await server?.close()
})

describe('Content-Security-Policy', () => {
  it('the production server sends a strict header on the page, a tool route and an asset', async () => {
    for (const path of ['/', '/tx-build', '/devnet.json']) {
      const r = await fetch(server.url + path)
      const header = r.headers.get('content-security-policy')
      expect(header, path).toBeTruthy()
      const p = parse(header!)
      strictCommon(p)
      expect(p.get('frame-ancestors')).toEqual(["'none'"])
      expect(p.get('connect-src')).toContain('http://127.0.0.1:8545')
      await r.arrayBuffer()
    }
  })

  it('the built index.html carries the policy as a meta tag (no frame-ancestors: a meta tag cannot set it) and has no inline script', () => {
    const html = readFileSync(join(dist, 'index.html'), 'utf8')
    const meta = /<meta http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)
    expect(meta, 'CSP meta tag').not.toBeNull()
    const p = parse(meta![1]!)
    strictCommon(p)
    expect(p.has('frame-ancestors')).toBe(false)
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/\bsrc="\.\/assets\//) // relative: the build works under any sub-path
      expect(body!.trim()).toBe('')
    }
    expect(html).not.toMatch(/\son[a-z]+=/i) // no inline event handlers
  })

  it('no script of the build (page or worker) names a CDN host: a library default that would fetch its own files from one is rewritten (vite.config noLibraryCdn)', () => {
    const scripts = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'))
    expect(scripts.some((f) => f.startsWith('qr.worker'))).toBe(true) // the worker whose library had one
    const named = scripts.flatMap((f) => {
      const m = /\b(?:[a-z0-9-]+\.)?(?:jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|esm\.sh|skypack\.dev)\b/.exec(readFileSync(join(dist, 'assets', f), 'utf8'))
      return m ? [`${f}: ${m[0]}`] : []
    })
    expect(named).toEqual([])
  })
})
