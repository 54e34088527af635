/**
 * The splits the tools declare (`src/tools/<id>/split.ts`), run here without workers: each part
 * through the tool itself, in-process, and the parts merged by the tool's `merge`. The merged
 * result equals one run over the whole input: no page merges results, and nothing is merged by
 * a row's label.
 */
import { ethers } from 'ethers'
import { describe, expect, it } from 'vitest'
import { withDefaults } from './define'
import findTool from './find-address'
import findSplit from './find-address/split'
import hashTool from './hash'
import hashSplit from './hash/split'
import hdTool, { runShared, share, type HdData } from './hd-derive'
import hdSplit from './hd-derive/split'
import type { BlobLike, RawInput, Tool, ToolResult, WorkSplit } from './types'

const PHRASE = 'test test test test test test test test test test test junk'
const ctx = () => ({ signal: new AbortController().signal, progress: () => {} })

/** One run of the tool over the whole input, as without workers. */
async function wholeRun<I>(tool: Tool<I>, values: RawInput): Promise<ToolResult> {
  const parsed = tool.parse(withDefaults(tool, values))
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  return tool.run(parsed.value, ctx())
}

/** Parses, cuts into parts, runs each part as its worker would, and merges. */
async function runSplit<I, D>(tool: Tool<any>, split: WorkSplit<I, D>, values: RawInput, cores: number, files: Record<string, BlobLike> = {}) {
  const raw = withDefaults(tool, values)
  const parsed = tool.parse(raw, files)
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors))
  const input = parsed.value as I
  const c = { raw, files, cores }
  const parts = split.parts(input, c)
  const shared = split.share ? await share(raw, ctx()) : undefined
  const results: ToolResult[] = []
  for (const p of parts) {
    if (shared) {
      if (!shared.ok) throw new Error('share failed')
      results.push(await runShared(shared.value, p.raw, ctx()))
      continue
    }
    const q = tool.parse(withDefaults(tool, p.raw), p.files)
    if (!q.ok) throw new Error(JSON.stringify(q.errors))
    results.push(await tool.run(q.value, ctx()))
  }
  return { parts, results, merged: split.merge(results, { ...c, input, complete: true, ms: 0 }) }
}

describe('hash: the chosen hashes shared among workers, merged in display order', () => {
  it('text goes to one worker; its result is the tool’s own', async () => {
    const values = { input: 'abc', sha3_256: 'true', ripemd160: 'true' }
    const { parts, merged } = await runSplit(hashTool, hashSplit, values, 8)
    expect(parts).toHaveLength(1)
    const whole = await wholeRun(hashTool, values)
    expect(merged!.sections[0]).toEqual(whole.sections[0])
    expect(merged!.data).toEqual(whole.data)
  })

  it('a file’s hashes on several workers (each once), SHA-256 in one of its own: merged equal to one run', async () => {
    const bytes = new Uint8Array(100_000).map((_, i) => i % 251)
    const file: BlobLike = { size: bytes.length, name: 'f.bin', slice: (a, b) => ({ arrayBuffer: async () => bytes.slice(a, b).buffer }) }
    const all = { keccak256: 'true', sha3_256: 'true', sha256: 'true', sha512: 'true', ripemd160: 'true' }
    const { parts, merged } = await runSplit(hashTool, hashSplit, all, 3, { file: file as never })
    const chosen = parts.map((p) => Object.keys(all).filter((a) => p.raw[a] === 'true'))
    expect(chosen.flat().sort()).toEqual(Object.keys(all).sort())
    expect(parts.length).toBeGreaterThan(1)
    expect(merged!.data!.digests.keccak256).toBe(ethers.utils.keccak256(bytes))
    expect(merged!.sections[0]!.rows.map((r) => r.value)).toEqual(['keccak256', 'sha3_256', 'sha256', 'sha512', 'ripemd160'].map((a) => merged!.data!.digests[a as 'sha256']))
    expect(merged!.sections[1]!.rows[0]!.value).toBe('file f.bin')
  })
})

describe('hd-derive: the parent key shared, the range cut into slices, the accounts joined in index order', () => {
  it('slices carry only the range fields and together cover the range; merged equal to one run', async () => {
    const values = { phrase: PHRASE, start: '3', count: '25' }
    const { parts, results, merged } = await runSplit(hdTool, hdSplit, values, 8)
    expect(parts.map((p) => Object.keys(p.raw).sort())).toEqual(parts.map(() => ['count', 'path', 'preset', 'start']))
    expect(parts.map((p) => [p.raw.start, p.raw.count])).toEqual([['3', '9'], ['12', '9'], ['21', '7']])
    const whole = (await wholeRun(hdTool, values)).data as HdData
    expect(merged!.data).toEqual(whole)
    // While slices run: the finished ones, in index order.
    expect(hdSplit.merge([undefined, results[1], results[2]], { raw: {}, files: {}, cores: 8, input: {} as never, complete: false, ms: 0 })!.data!.accounts.map((a) => a.index)[0]).toBe(12)
  })

  it('a range past the last non-hardened index is clipped there', () => {
    const parsed = hdTool.parse(withDefaults(hdTool, { phrase: PHRASE, start: String(2 ** 31 - 3), count: '10' }))
    if (!parsed.ok) throw new Error('parse')
    const parts = hdSplit.parts(parsed.value as never, { raw: withDefaults(hdTool, {}), files: {}, cores: 8 })
    expect(parts.reduce((a, p) => a + Number(p.raw.count), 0)).toBe(3)
  })
})

describe('find-address: one slice per core; the first to find it ends the scan, else one note for all', () => {
  const target = ethers.utils.HDNode.fromMnemonic(PHRASE).derivePath("m/44'/60'/0'/9").address

  it('found in one slice: that slice ends the run', async () => {
    const { parts, results, merged } = await runSplit(findTool, findSplit, { address: target, phrase: PHRASE, count: '20' }, 3)
    expect(parts.map((p) => [p.raw.start, p.raw.count])).toEqual([['0', '6'], ['6', '7'], ['13', '7']])
    expect(results.map((r) => findSplit.ends!(r))).toEqual([false, true, false])
    expect(merged!.data).toMatchObject({ found: true, path: "m/44'/60'/0'/9" })
    expect(findSplit.merge([undefined, results[1], undefined], { raw: {}, files: {}, cores: 3, input: {} as never, complete: false, ms: 0 })).toBe(results[1])
  })

  it('found nowhere: nothing until every slice is done, then one note for the whole scan', async () => {
    const { results, merged } = await runSplit(findTool, findSplit, { address: '0x000000000000000000000000000000000000dEaD', phrase: PHRASE, count: '12' }, 3)
    expect(findSplit.merge([results[0], undefined, undefined], { raw: {}, files: {}, cores: 3, input: {} as never, complete: false, ms: 0 })).toBeUndefined()
    expect(merged!.notes).toHaveLength(1)
    expect(merged!.notes![0]!.text).toMatch(/^Not found in the first 12 indexes of m\/44'\/60'\/0'\/0\/i, m\/44'\/60'\/i'\/0\/0, m\/44'\/60'\/0'\/i\./)
  })
})
