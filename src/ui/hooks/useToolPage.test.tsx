// @vitest-environment jsdom
/**
 * The page kit's hook over the tool contract: named actions run beside the run with their own
 * typed state and the runner's error rule (at the field, a secret never shown); a run's context
 * carries a real AbortSignal that Cancel aborts; a run that streams shows its result so far;
 * a tool that `uses` the ABI library gets the person's saved ABIs.
 */
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import * as Abi from '../../core/abi/Abi'
import { BaseError } from '../../core/Errors'
import { defineMeta, defineTool } from '../../tools/define'
import type { RunContext, Tool, ToolResult } from '../../tools/types'
import { abiLibrary } from './abiLibrary'
import { HIDDEN } from './runErrors'
import { useToolPage, type ToolPageProps } from './useToolPage'

afterEach(cleanup)

const KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'

class SaltError extends BaseError {
  constructor(message: string, field: string) {
    super('Test.SaltError', message, { hints: [], field })
  }
}

const meta = defineMeta({
  id: 'test-mine',
  title: 'Mine',
  summary: '',
  capability: 'addresses',
  keywords: [],
  runs: 'main',
  live: false,
  fields: [
    { name: 'key', label: 'Key', kind: 'text', secret: true },
    { name: 'salt', label: 'Salt', kind: 'text' },
  ],
})

type Input = { key: string; salt: string }
const tool = defineTool(meta, {
  parse: (raw) => (raw.salt === 'bad' ? { ok: false, errors: { salt: 'Not a salt.' } } : { ok: true, value: { key: raw.key ?? '', salt: raw.salt ?? '' } as Input }),
  run: (input: Input): ToolResult<{ mined: string }> => ({ sections: [], data: { mined: input.salt } }),
  actions: {
    check: {
      label: 'Check',
      run: (input: Input): ToolResult<{ salt: string; ok: boolean }> => {
        if (input.salt === 'leak') throw new SaltError(`Salt checked with key ${input.key} failed.`, 'salt')
        return { sections: [], data: { salt: input.salt, ok: input.salt.length % 2 === 0 } }
      },
    },
  },
})

const props = <T extends Tool<any, any, any> = typeof tool>(values: Record<string, string>, t?: T): ToolPageProps<T> => ({ meta, tool: (t ?? tool) as T, values, setValues: () => {}, files: {}, setFile: () => {} })

describe('useToolPage: named actions', () => {
  it('runs a named action over the values with its own typed state, beside the run', async () => {
    const { result } = renderHook(() => useToolPage(props({ key: KEY, salt: '0x1234' })))
    expect(result.current.actions.check.status).toBe('idle')
    await act(() => result.current.act('check'))
    // The action's data is what its run returned for these values ('0x1234' has an even length).
    expect(result.current.actions.check.data).toEqual({ salt: '0x1234', ok: true })
    expect(result.current.state.status).toBe('idle')
    await act(() => result.current.run())
    expect(result.current.view.data).toEqual({ mined: '0x1234' })
  })

  it('an action’s errors go by the runner’s rule: at the field it names, the secret never in the message', async () => {
    const { result, rerender } = renderHook(({ values }) => useToolPage(props(values)), { initialProps: { values: { key: KEY, salt: 'leak' } } })
    await act(() => result.current.act('check'))
    const check = result.current.actions.check
    expect(check.status).toBe('error')
    expect(check.fieldErrors.salt).toBe(`Salt checked with key ${HIDDEN} failed.`)
    expect(JSON.stringify(check)).not.toContain(KEY.slice(2, 14))
    expect(result.current.view.fieldErrors.salt).toBe(check.fieldErrors.salt)
    // A parse failure is the parse's field errors, and the action never ran.
    rerender({ values: { key: KEY, salt: 'bad' } })
    await act(() => result.current.act('check'))
    expect(result.current.actions.check.fieldErrors).toEqual({ salt: 'Not a salt.' })
  })
})

describe('useToolPage: the run context', () => {
  it('carries a real AbortSignal, aborted by Cancel; the cancelled run says so', async () => {
    let seen: RunContext | undefined
    let release!: () => void
    const slow = defineTool(meta, {
      parse: () => ({ ok: true, value: {} }),
      run: (_: object, ctx: RunContext) => {
        seen = ctx
        return new Promise<ToolResult>((res) => (release = () => res({ sections: [] })))
      },
    })
    const { result } = renderHook(() => useToolPage(props({ salt: '1' }, slow)))
    act(() => void result.current.run())
    await waitFor(() => expect(seen).toBeDefined())
    expect(seen!.signal).toBeInstanceOf(AbortSignal)
    let heard = false
    seen!.signal.addEventListener('abort', () => (heard = true))
    act(() => result.current.cancel())
    expect(seen!.signal.aborted).toBe(true)
    expect(heard).toBe(true)
    await act(async () => release())
    expect(result.current.view.error?.name).toBe('Cancelled')
  })

  it('a run that streams shows its result so far, then its own result', async () => {
    let release!: () => void
    const streaming = defineTool(meta, {
      parse: () => ({ ok: true, value: {} }),
      run: async (_: object, ctx: RunContext<{ rows: number }>): Promise<ToolResult<{ rows: number }>> => {
        ctx.stream?.({ sections: [], data: { rows: 1 } })
        await new Promise<void>((res) => (release = res))
        return { sections: [], data: { rows: 2 } }
      },
    })
    const { result } = renderHook(() => useToolPage(props({ salt: '1' }, streaming)))
    act(() => void result.current.run())
    await waitFor(() => expect(result.current.view.data).toEqual({ rows: 1 }))
    expect(result.current.state.status).toBe('running')
    await act(async () => release())
    expect(result.current.view.data).toEqual({ rows: 2 })
    expect(result.current.state.status).toBe('done')
  })

  it('a tool that uses the ABI library gets the person’s saved ABIs, parsed', async () => {
    const erc20 = '[{"type":"function","name":"transfer","inputs":[{"name":"to","type":"address"},{"name":"amount","type":"uint256"}],"outputs":[{"type":"bool"}],"stateMutability":"nonpayable"}]'
    abiLibrary.save('Token', erc20)
    let got: RunContext['abis']
    const reader = defineTool(
      { ...meta, uses: ['abis'] as const },
      {
        parse: () => ({ ok: true, value: {} }),
        run: (_: object, ctx: RunContext) => ((got = ctx.abis), { sections: [] }),
      },
    )
    const { result } = renderHook(() => useToolPage({ ...props({ salt: '1' }), meta: { ...meta, uses: ['abis'] }, tool: reader }))
    await act(() => result.current.run())
    expect(got).toEqual([Abi.parse(erc20)])
    abiLibrary.remove('Token')
  })
})

describe('useToolPage: a tool that runs in the page’s simulation engine', () => {
  const engineTool = defineTool(meta, {
    parse: (raw) => (raw.salt === 'bad' ? { ok: false, errors: { salt: 'Not a salt.' } } : { ok: true, value: { salt: raw.salt ?? '' } }),
    run: (): ToolResult => ({ sections: [] }),
    engine: 'simulation',
  })

  it('hands the parsed input to the engine the page keeps; its answer is the data; Cancel reaches the engine', async () => {
    const asked: unknown[] = []
    let cancels = 0
    let release!: (v: unknown) => void
    const engine = {
      run: (input: unknown) => (asked.push(input), new Promise((res) => (release = res))),
      cancel: () => void cancels++,
    }
    const { result, rerender } = renderHook(({ salt }) => useToolPage(props({ salt }, engineTool), { engine }), { initialProps: { salt: '0x01' } })
    act(() => void result.current.run())
    await waitFor(() => expect(asked).toEqual([{ salt: '0x01' }]))
    expect(result.current.state.status).toBe('running')
    await act(async () => release({ gasUsed: 21000 }))
    expect(result.current.view.data).toEqual({ gasUsed: 21000 })
    // a parse failure never reaches the engine
    rerender({ salt: 'bad' })
    await act(() => result.current.run())
    expect(asked).toHaveLength(1)
    expect(result.current.view.fieldErrors).toEqual({ salt: 'Not a salt.' })
    rerender({ salt: '0x02' })
    act(() => void result.current.run())
    await waitFor(() => expect(asked).toHaveLength(2))
    act(() => result.current.cancel())
    expect(cancels).toBeGreaterThan(0)
  })
})

describe('useToolPage: "Try an example" on a page whose examples run an action', () => {
  it('runs the named action once the form holds the example, never the run', async () => {
    const { requestExampleRun } = await import('./exampleRun')
    let runs = 0
    const counted = defineTool(meta, { ...tool, run: (input: Input): ToolResult<{ mined: string }> => (runs++, { sections: [], data: { mined: input.salt } }) })
    const example = { key: KEY, salt: '0xabcd' }
    const { result, rerender } = renderHook(({ values }) => useToolPage(props(values, counted), { exampleAction: 'check' }), { initialProps: { values: {} as Record<string, string> } })
    act(() => requestExampleRun(meta.id, example))
    rerender({ values: example })
    await waitFor(() => expect(result.current.actions.check.data).toEqual({ salt: '0xabcd', ok: true }))
    expect(runs).toBe(0)
    expect(result.current.state.status).toBe('idle')
  })
})
