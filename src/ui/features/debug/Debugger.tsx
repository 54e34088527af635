/**
 * The debugger over one recording: controls, the opcode window and the step's panels, all
 * driven by keyboard (the shortcuts in keys.ts) while focus is not in a text field.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react'
import { Tab, TabList, TabPanel, Tabs } from 'react-tabs'
import type { Summary } from '../../../tools/debug/rows'
import type { DebugWorker } from '../../../workers/debugClient'
import { ErrorNotice } from '../../components'
import { Controls } from './Controls'
import { GasPanel } from './GasPanel'
import { moveFor, SHORTCUTS, SOURCE_SHORTCUTS, sourceMoveFor } from './keys'
import { OpList } from './OpList'
import { CallStack, MemoryPanel, ReturnDataPanel, StackPanel, StepFacts, StoragePanel } from './Panels'
import { useDebugger } from './useDebugger'
import { useSlotNames } from './useSlotNames'
import { useSource, type ArtifactFile } from './useSource'
import { useVerifiedSources } from './useVerifiedSources'

// the compiler-output drop zone and the source panel load beside the debugger, in their own chunk
const ArtifactDrop = lazy(() => import('./sourceViews').then((m) => ({ default: m.ArtifactDrop })))
const SourcePanel = lazy(() => import('./sourceViews').then((m) => ({ default: m.SourcePanel })))
const VerifiedSources = lazy(() => import('./VerifiedSources').then((m) => ({ default: m.VerifiedSources })))

/** The columns of panes, which a narrow screen shows one at a time by tabs. */
const PANES = ['Code', 'Stack & storage', 'Memory'] as const

const typing = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName))

/**
 * The step debugger over a recording. `wide`: a laptop's screen (the page's `(min-width: 1000px)`),
 * where every pane shows at once and the workspace places itself where the eye is.
 */
export function Debugger({ worker, summary, artifacts, setArtifacts, wide }: { worker: DebugWorker; summary: Summary; artifacts: readonly ArtifactFile[]; setArtifacts: (f: ArtifactFile[]) => void; wide: boolean }) {
  const d = useDebugger(worker, summary)
  // the opt-in verified sources (#36) join the dropped files on the same path to the worker
  const verified = useVerifiedSources(worker, summary)
  const given = useMemo(() => (verified.files.length ? [...artifacts, ...verified.files] : artifacts), [artifacts, verified.files])
  const src = useSource(worker, d.index, given, d.queue)
  const names = useMemo(() => new Map(src.summary?.contracts.flatMap((c) => (c.name ? [[c.address.toLowerCase(), c.name] as const] : [])) ?? []), [src.summary])
  // the storage panel's names: the layout of the code the current frame runs, from the dropped artifacts
  const slotNames = useSlotNames(d.view, given, names)
  const region = useRef<HTMLElement>(null)
  // a laptop shows every pane at once; a narrow screen one column of them at a time, by tabs
  const [tab, setTab] = useState(0)
  const { move } = d
  const sourceMove = src.move
  useEffect(() => {
    region.current?.focus({ preventScroll: true })
  }, [])
  // the workspace where the eye is, once its first step is drawn (the page is then tall enough to put its top under the header)
  const placed = useRef(false)
  const shown = !!d.view
  useEffect(() => {
    if (!shown || placed.current) return
    // after the summary above has drawn its rows (a frame or two), so they do not push it down again
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        placed.current = true
        // the workspace (a laptop's screen): on a narrow screen the panes follow the summary, which the page shows
        if (wide) region.current?.scrollIntoView?.({ block: 'start' })
      })
    })
    return () => cancelAnimationFrame(frame)
  }, [shown, wide])
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target) || e.defaultPrevented) return
      const sm = sourceMoveFor(e)
      if (sm) {
        e.preventDefault()
        return sourceMove(sm)
      }
      const m = moveFor(e)
      if (!m) return
      e.preventDefault()
      move(m)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [move, sourceMove])

  if (summary.steps === 0) return <p className="notice notice-info">No code ran: this transaction has no steps to debug.</p>
  return (
    <section aria-label="Debugger" className="dbg" tabIndex={-1} ref={region}>
      {/* the workspace (#35): on a laptop the controls, where the step is, and the panes fill one
          screen, each pane scrolling on its own; on a narrow screen they follow one another */}
      <div className="dbg-screen">
        <Controls steps={summary.steps} move={d.move} goTo={d.goTo} wide={wide} />
        <ErrorNotice error={d.error} />
        {d.view && (
          <>
            <div className="dbg-where">
              <CallStack view={d.view} names={names} frames={src.place?.frames} />
              <StepFacts view={d.view} steps={summary.steps} />
            </div>
            <Tabs className="dbg-work" selectedIndex={tab} onSelect={(i) => setTab(i)} forceRenderTabPanel={wide} selectedTabPanelClassName="dbg-col-on">
              <TabList className="dbg-tabs" aria-label="Panes">
                {PANES.map((p) => (
                  <Tab key={p} className="dbg-tab" selectedClassName="dbg-tab-on">
                    {p}
                  </Tab>
                ))}
              </TabList>
              <TabPanel className="dbg-col">
                <Suspense fallback={null}>
                  <SourcePanel src={src} />
                </Suspense>
                <OpList rows={d.rows} index={d.index} onPick={d.goTo} />
              </TabPanel>
              <TabPanel className="dbg-col">
                <StackPanel view={d.view} />
                <StoragePanel title="Storage" items={d.view.storage} names={slotNames} />
                <StoragePanel title="Transient storage" items={d.view.transient} />
              </TabPanel>
              <TabPanel className="dbg-col">
                <MemoryPanel view={d.view} />
                <ReturnDataPanel view={d.view} />
              </TabPanel>
            </Tabs>
          </>
        )}
      </div>
      <Suspense fallback={null}>
        <ArtifactDrop files={artifacts} setFiles={setArtifacts} summary={src.summary} error={src.error} loading={src.loading} />
        <VerifiedSources state={verified} summary={src.summary} />
      </Suspense>
      {d.view && <GasPanel worker={worker} goTo={d.goTo} sources={src.summary} names={names} hash={summary.replayed?.hash} />}
      <details className="dbg-keys">
        <summary>Keyboard shortcuts</summary>
        <dl>
          {[...SHORTCUTS, ...SOURCE_SHORTCUTS].map((s) => (
            <div key={s.label}>
              <dt className="mono">{s.keys}</dt>
              <dd>{s.label}</dd>
            </div>
          ))}
        </dl>
      </details>
    </section>
  )
}
