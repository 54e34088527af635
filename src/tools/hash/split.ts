/**
 * How the hash page shares one run among workers: a file's chosen hashes among one worker per
 * core (at most 16) by expected cost (`Hashing.plan`, heaviest first, so the worker already
 * waiting takes the heaviest share), each worker reading the file once for its share; SHA-256 of
 * a file up to 512 MiB in a worker of its own that hands it to WebCrypto (native, off the
 * worker's thread: it mostly waits, so the other hashes are shared as if it were not there).
 * Text is small: one worker for all. The parts' digests merge into one result, in display order.
 */
import * as Hashing from '../../core/hash/Hashing'
import type { ToolResult, WorkSplit } from '../types'
import { aboutRows, hashResult, type HashData, type Input } from './index'

const split: WorkSplit<Input, HashData> = {
  parts: (input, { raw, files, cores }) => {
    const { algorithms } = input
    const file = input.source === 'file' ? files.file : undefined
    const native = !!file && algorithms.length > 1 && algorithms.includes('sha256') && Hashing.nativeSha256(file.size)
    const rest = native ? algorithms.filter((a) => a !== 'sha256') : algorithms
    const jobs: Hashing.Algorithm[][] = file ? [...Hashing.plan(rest, Math.max(1, Math.min(cores, 16))), ...(native ? [['sha256' as const]] : [])] : [algorithms]
    return jobs.map((only) => ({
      raw: { ...raw, ...Object.fromEntries(Hashing.ALGORITHMS.map((a) => [a.id, only.includes(a.id) ? 'true' : 'false'])) },
      ...(file ? { files: { file } } : {}),
      weight: 1,
    }))
  },
  merge: (results, { input, complete, ms }) => {
    if (!complete) return undefined
    const data = results.map((r) => (r as ToolResult<HashData> | undefined)?.data)
    const digests = Object.assign({}, ...data.map((d) => d?.digests)) as HashData['digests']
    const size = input.source === 'file' ? input.file.size : (data[0]?.size ?? 0)
    const about = aboutRows(input.source === 'file' ? { source: 'file', size, name: input.name } : { source: 'text', size, encoding: input.encoding }, ms, input.algorithms.length)
    return hashResult({ digests, size }, about)
  },
  progress: ({ parts, label, reported }, input) => (!reported ? undefined : parts === 1 && label ? label : `${input.algorithms.length} hashes on ${parts} workers`),
  // Several workers report: one render per 100 ms for all of them (each is a frame, on a core the hashing needs).
  drawEvery: 100,
}

export default split
