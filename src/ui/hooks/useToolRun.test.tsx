// @vitest-environment jsdom
/**
 * The page runner: one stale-run guard, one rule for errors (at the field the tool has, else
 * above the result; a secret field's value in no message), typed `data`, and a split declared
 * by a tool run across (stand-in) workers and merged by the tool's own `merge`.
 */
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { BaseError } from '../../core/Errors'
import { defineMeta, defineTool } from '../../tools/define'
import type { RawInput, ToolResult, WorkSplit } from '../../tools/types'
import { FieldList, FormError } from '../components/ToolForm'
import { HIDDEN } from './runErrors'
import { useToolRun } from './useToolRun'

/** Stand-in workers: each run waits until the test answers it. */
const workers = vi.hoisted(() => ({
  runs: [] as { raw: Record<string, string>; answer: (o: unknown) => void; progress: (f: number, l?: string) => void; cancelled: boolean }[],
}))
vi.mock('../../workers/client', async () => {
  const Outcome = await import('../../core/Outcome')
  const runInWorker = (_id: string, raw: Record<string, string>, _files: unknown, progress: (f: number, l?: string) => void) => {
    // As the real channel: settles once, and a cancel after the answer does nothing.
    let settle!: (o: unknown) => void
    const promise = new Promise((res) => (settle = res))
    let settled = false
    const answer = (o: unknown) => {
      if (!settled) settle(o)
      settled = true
    }
    const run = { raw, answer, progress, cancelled: false }
    workers.runs.push(run)
    return {
      promise,
      cancel: () => {
        if (settled) return
        run.cancelled = true
        answer(Outcome.fail(Outcome.cancelled()))
      },
    }
  }
  return { runInWorker, prewarm: () => {}, dropSpare: () => {} }
})
vi.mock('../../workers/split', () => ({ runSlice: () => undefined, shareInWorker: () => undefined }))

afterEach(cleanup)
beforeEach(() => {
  workers.runs = []
})

class KeyError extends BaseError {
  constructor(message: string, field?: string) {
    super('Test.KeyError', message, { hints: ['Check the key.'], ...(field ? { field } : {}) })
  }
}

const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

const signMeta = defineMeta({
  id: 'test-sign',
  title: 'Test signer',
  summary: '',
  capability: 'signing',
  keywords: [],
  runs: 'main',
  live: false,
  fields: [
    { name: 'key', label: 'Private key', kind: 'text', secret: true },
    { name: 'to', label: 'To', kind: 'text' },
    { name: 'where', label: 'Where the error goes', kind: 'text' },
  ],
  examples: [],
})

/** A tool whose run fails quoting the key, at the field `where` names (or none). */
const signTool = defineTool<RawInput>(signMeta, {
  parse: (raw) => ({ ok: true, value: raw }),
  run: (raw) => {
    throw new KeyError(`The key ${raw.key} does not sign for ${raw.to}; got "${raw.key!.slice(0, 20)}…".`, raw.where || undefined)
  },
})

function SignPage({ values }: { values: RawInput }) {
  const { view, run } = useToolRun(signMeta, signTool, values, {})
  return (
    <>
      <FieldList fields={signMeta.fields} values={values} errors={view.fieldErrors} setValues={() => {}} />
      <button type="button" onClick={() => void run()}>
        Run
      </button>
      <FormError state={view} />
    </>
  )
}

describe('useToolRun: one rule for every error', () => {
  it('an error above the result never holds the secret field’s value, whole or cut short', async () => {
    render(<SignPage values={{ key: KEY, to: '0xdead', where: '' }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(`The key ${HIDDEN} does not sign for 0xdead; got "${HIDDEN}…".`)
    expect(alert.textContent).not.toContain(KEY.slice(0, 12))
    expect(document.body.textContent).not.toContain(KEY.slice(2, 12))
  })

  it('an error naming a field the tool has shows at that field, scrubbed too; one naming another field shows above', async () => {
    const { rerender } = render(<SignPage values={{ key: KEY, to: '0xdead', where: 'to' }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    await waitFor(() => expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBe('true'))
    expect(screen.getByRole('alert').textContent).toBe(`The key ${HIDDEN} does not sign for 0xdead; got "${HIDDEN}…". Check the key.`)
    rerender(<SignPage values={{ key: KEY, to: '0xdead', where: 'nonce' }} />)
    fireEvent.click(screen.getByRole('button', { name: 'Run' }))
    await waitFor(() => expect(screen.getByLabelText('To').getAttribute('aria-invalid')).toBeNull())
    expect(screen.getByRole('alert').textContent).toContain(`The key ${HIDDEN} does not sign`)
  })
})

const slowMeta = defineMeta({ id: 'test-slow', title: 'Slow', summary: '', capability: 'units', keywords: [], runs: 'main', live: false, fields: [{ name: 'n', label: 'N', kind: 'text' }], examples: [] })
const gates: Record<string, () => void> = {}
const slowTool = defineTool<string, { n: string }>(slowMeta, {
  parse: (raw) => ({ ok: true, value: raw.n ?? '' }),
  run: (n) => new Promise<ToolResult<{ n: string }>>((res) => (gates[n] = () => res({ sections: [], data: { n } }))),
})

describe('useToolRun: a run that is no longer the newest is dropped', () => {
  it('the older run ends last, and the newer result stays; the page reads typed data', async () => {
    const { result, rerender } = renderHook(({ values }) => useToolRun(slowMeta, slowTool, values, {}), { initialProps: { values: { n: 'first' } } })
    act(() => void result.current.run())
    rerender({ values: { n: 'second' } })
    act(() => void result.current.run())
    await waitFor(() => expect(gates.second).toBeDefined())
    await act(async () => gates.second!())
    expect(result.current.view.data).toEqual({ n: 'second' })
    await act(async () => gates.first!())
    expect(result.current.view.data).toEqual({ n: 'second' })
    expect(result.current.state.status).toBe('done')
  })
})

const scanMeta = defineMeta({
  id: 'test-scan',
  title: 'Scan',
  summary: '',
  capability: 'mnemonics',
  keywords: [],
  runs: 'worker',
  fields: [
    { name: 'phrase', label: 'Phrase', kind: 'text', secret: true },
    { name: 'count', label: 'Count', kind: 'text' },
  ],
  examples: [],
})
type ScanData = { found: number[] }
const scanTool = defineTool<{ count: number }, ScanData>(scanMeta, { parse: (raw) => ({ ok: true, value: { count: Number(raw.count) } }), run: () => ({ sections: [], data: { found: [] } }) })
/** What a part found (a part's result crosses untyped). */
const foundIn = (r: ToolResult | undefined): number[] => {
  const d: unknown = r?.data
  return d && typeof d === 'object' && 'found' in d && Array.isArray(d.found) ? d.found : []
}
const scanSplit: WorkSplit<{ count: number }, ScanData> = {
  parts: ({ count }, { raw }) => [0, 1, 2].map((k) => ({ raw: { ...raw, start: String((k * count) / 3) }, weight: count / 3 })),
  merge: (results, { complete }) => (complete || results.some((r) => foundIn(r).length) ? { sections: [], data: { found: results.flatMap(foundIn) } } : undefined),
  ends: (r) => foundIn(r).length > 0,
  progress: ({ done, total }) => `${done} of ${total}`,
  drawEvery: 1,
}

describe('useToolRun: a run split across workers as the tool declares', () => {
  /** Runs, and waits for the parts' workers (the split runner's module loads first). */
  const start = async () => {
    const hook = renderHook(() => useToolRun(scanMeta, scanTool, { phrase: 'secret words here', count: '30' }, {}, { split: scanSplit }))
    act(() => void hook.result.current.run())
    await waitFor(() => expect(workers.runs).toHaveLength(3))
    return hook
  }

  it('each part gets its raw values, progress is summed by weight, the parts merge by the tool’s merge', async () => {
    const { result } = await start()
    expect(workers.runs.map((r) => r.raw.start)).toEqual(['0', '10', '20'])
    expect(result.current.state.status).toBe('running')
    act(() => workers.runs[1]!.progress(0.5))
    await waitFor(() => expect(result.current.state.progress).toEqual({ fraction: 5 / 30, label: '5 of 30' }))
    await act(async () => {
      for (const r of workers.runs) r.answer({ ok: true, result: { sections: [], data: { found: [] } } })
    })
    expect(result.current.state.status).toBe('done')
    expect(result.current.view.data).toEqual({ found: [] })
  })

  it('a part whose result ends the run stops the others', async () => {
    const { result } = await start()
    await act(async () => workers.runs[2]!.answer({ ok: true, result: { sections: [], data: { found: [25] } } }))
    expect(result.current.view.data).toEqual({ found: [25] })
    expect(workers.runs.map((r) => r.cancelled)).toEqual([true, true, false])
  })

  it('a part that fails stops the others, and its errors are routed (and scrubbed) like any other', async () => {
    const { result } = await start()
    await act(async () => workers.runs[0]!.answer({ ok: false, error: { name: 'X', message: 'Some inputs are not valid.', hints: [] }, fieldErrors: { phrase: 'The phrase "secret words here" is not BIP-39.' } }))
    expect(result.current.state.status).toBe('error')
    expect(result.current.view.fieldErrors).toEqual({ phrase: `The phrase "${HIDDEN}" is not BIP-39.` })
    expect(workers.runs.map((r) => r.cancelled)).toEqual([false, true, true])
  })

  it('Cancel stops every part and says so', async () => {
    const { result } = await start()
    act(() => result.current.cancel())
    expect(workers.runs.every((r) => r.cancelled)).toBe(true)
    expect(result.current.view.error?.message).toBe('Cancelled.')
    expect(result.current.state.status).toBe('idle')
  })
})
