/**
 * /debug: the form, then every step of the call or mined transaction recorded in the debug
 * worker (the EVM loads there, only on this page; `useDebugRecording` starts, cancels and ends
 * it), and the step debugger over it. The page asks the worker only for the step and the
 * opcode rows it shows.
 */
import { useMemo, useState } from 'react'
import type tool from '../../../tools/debug'
import { toToolResult } from '../../../tools/debug/rows'
import { RunError, RunForm, ResultView, useResultInView, useToolPage, type ToolPageProps } from '../../components'
import { EngineProgress } from '../../components/EngineProgress'
import { getProvider } from '../../connection/store'
import { useDebugRecording } from '../../hooks/useSimulation'
import { useMedia } from '../../hooks/useMedia'
import { Debugger } from './Debugger'
import type { ArtifactFile } from './useSource'
import './debug.css'

export default function DebugPage(props: ToolPageProps<typeof tool>) {
  const recording = useDebugRecording()
  // compiler output for source lines: in memory only, kept across recordings
  const [artifacts, setArtifacts] = useState<ArtifactFile[]>([])
  // The tool runs in this engine (`engine: 'debug'`): the recording's summary is the run's data;
  // the worker that holds every step stays with the recording, which the debugger asks.
  const record = recording.run
  const engine = useMemo(() => ({ run: async (input: Parameters<typeof record>[0]) => (await record(input)).summary, cancel: recording.cancel }), [record, recording.cancel])
  const page = useToolPage(props, { engine })
  const { state } = page
  const done = state.status === 'done' && recording.state.kind === 'done' ? recording.state.report : undefined
  // a laptop's screen: the debugger shows every pane at once. The summary where the eye is once
  // recorded, on a phone; on a laptop the workspace under it takes the screen and places itself
  // (Debugger). One mover only: the summary's smooth scroll, following while the page settled,
  // could undo the workspace's placement (CI of ca859fb)
  const wide = useMedia('(min-width: 1000px)')
  const summaryRef = useResultInView(wide ? undefined : done?.run)

  return (
    <>
      <RunForm page={page} submitLabel="Debug" />
      {state.status === 'running' && <EngineProgress doing="Recording every step…" state={recording.state} onCancel={page.cancel} />}
      <RunError page={page} />
      {done && (
        <>
          <div ref={summaryRef} className="dbg-summary">
            <ResultView result={toToolResult(done.summary, getProvider().rpcUrl)} />
          </div>
          <Debugger key={done.run} worker={done.worker} summary={done.summary} artifacts={artifacts} setArtifacts={setArtifacts} wide={wide} />
        </>
      )}
    </>
  )
}
