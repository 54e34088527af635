import { lazy, startTransition, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType } from 'react'
import { withDefaults } from '../tools/define'
import type { BlobLike, Example, RawInput, Tool, ToolEntry } from '../tools/types'
import { CAPABILITIES } from '../tools/types'
import { ErrorBoundary } from './components/ErrorBoundary'
import { Examples, ToolForm, type ToolPageProps } from './components/ToolForm'
import { currentSearch, hasNavigated, replaceSearch, useLocation } from './router'
import { clearHandOff, onHandOff, peekHandOff } from './handoff'
import { useOnDevnet } from './connection/store'
import { fromSearch, MAX_URL_VALUE, toSearch, withheld } from './url'

/** Custom pages, discovered by folder: src/ui/features/<tool-id>/index.tsx. */
const featureModules = import.meta.glob<{ default: ComponentType<ToolPageProps> }>('./features/*/index.tsx')
const featurePages = new Map<string, ComponentType<ToolPageProps>>()
for (const [path, load] of Object.entries(featureModules)) {
  const id = path.split('/')[2]!
  featurePages.set(id, lazy(load))
}

export function ToolRoute({ entry }: { entry: ToolEntry }) {
  const { meta } = entry
  const { search } = useLocation()
  const [tool, setTool] = useState<Tool<any>>()
  const [loadError, setLoadError] = useState(false)
  const [examples, setExamples] = useState<readonly Example[]>([])
  // Secret values, and values withheld from the URL because they look like a key, live here
  // only (memory), never in the URL.
  const [secrets, setSecrets] = useState<RawInput>(() => peekHandOff(meta.id) ?? {})
  // A hand-off to the tool already shown (the palette used on its own page), and one that came
  // between this page's first render and its effects (under load, the palette's navigation can
  // render the page before the hand-off lands): taken when the page subscribes, not cleared unseen.
  useEffect(() => {
    const take = () => {
      const h = peekHandOff(meta.id)
      if (!h) return
      clearHandOff(meta.id)
      setSecrets((s) => ({ ...s, ...h }))
    }
    take()
    return onHandOff(take)
  }, [meta.id])
  const [files, setFiles] = useState<Record<string, BlobLike>>({})

  useEffect(() => {
    let alive = true
    // the tool and its worked examples, together: neither is on every route
    Promise.all([entry.load(), entry.examples()]).then(
      ([m, x]) => {
        if (!alive) return
        setExamples(x.examples)
        setTool(m.default)
      },
      () => alive && setLoadError(true),
    )
    return () => {
      alive = false
    }
  }, [entry])

  useEffect(() => {
    document.title = `${meta.title} · Ether Workbench`
  }, [meta])

  // After choosing a tool (not on a fresh page load), focus its first field once it is drawn.
  const articleRef = useRef<HTMLElement>(null)
  useEffect(() => {
    if (!tool || !hasNavigated()) return
    let frames = 0
    let handle = 0
    const tryFocus = () => {
      const article = articleRef.current
      if (!article) return
      if (article.contains(document.activeElement) && document.activeElement !== article) return
      const first = article.querySelector<HTMLElement>('form :is(input, select, textarea):not([type="hidden"]):not(:disabled)')
      if (first) first.focus()
      else if (++frames < 120) handle = requestAnimationFrame(tryFocus)
    }
    handle = requestAnimationFrame(tryFocus)
    return () => cancelAnimationFrame(handle)
  }, [tool])

  // A value too large for a link is held in memory (url.ts) and edited there in place: the URL
  // keeps the same reference, so this revision is what tells the page to read it again.
  const [heldRev, setHeldRev] = useState(0)
  // On the local devnet some fields start elsewhere (`devnetDefault`: send-transaction's signer is the node's unlocked account).
  const devnet = useOnDevnet()
  // eslint-disable-next-line react-hooks/exhaustive-deps -- heldRev: a held value changed behind the same URL
  const values = useMemo(() => withDefaults(meta, { ...fromSearch(meta, search), ...secrets }, { devnet }), [meta, search, secrets, heldRev, devnet])

  const setValues = useCallback(
    (patch: RawInput) => {
      // secrets, and an opt-in to contact a host (`notInLink`): kept in this page's memory, never in the URL
      const secretNames = new Set(meta.fields.filter((f) => f.secret || f.notInLink).map((f) => f.name))
      const search = currentSearch()
      const inLink = fromSearch(meta, search)
      const current = withDefaults(meta, inLink, { devnet })
      const memory: RawInput = {}
      const back: string[] = []
      // A value put in the URL by hand that looks like a key moves to memory too.
      for (const [k, v] of Object.entries(current)) if (withheld(meta, k, v)) memory[k] = v
      for (const [k, v] of Object.entries(patch)) {
        if (secretNames.has(k) || withheld(meta, k, v)) memory[k] = v
        else back.push(k)
      }
      if (Object.keys(memory).length || back.length)
        setSecrets((s) => {
          const next = { ...s, ...memory }
          for (const k of back) delete next[k]
          return next
        })
      // What the link or the person set stays set (a devnet default is kept out until then).
      const given = new Set([...Object.keys(inLink), ...Object.keys(patch)])
      replaceSearch(toSearch(meta, { ...current, ...patch }, search, given))
      // Typing into a held value: the page reads it again in a transition (interruptible, and
      // dropped for the next key), not as an urgent render of the whole page per key.
      if (Object.entries(patch).some(([k, v]) => !secretNames.has(k) && v.length > MAX_URL_VALUE)) startTransition(() => setHeldRev((r) => r + 1))
    },
    [meta, devnet],
  )
  const setFile = useCallback((name: string, file: BlobLike | undefined) => {
    setFiles((f) => {
      const next = { ...f }
      if (file) next[name] = file
      else delete next[name]
      return next
    })
  }, [])

  const kept = meta.fields.flatMap((f) => {
    const why = withheld(meta, f.name, values[f.name])
    return why ? [{ name: f.name, text: `${f.label}: ${why}` }] : []
  })

  const Page = featurePages.get(meta.id)
  const capability = CAPABILITIES.find((c) => c.id === meta.capability)
  return (
    <article className="tool-page" aria-labelledby="tool-title" ref={articleRef}>
      <header className="tool-header">
        <p className="crumb">{capability?.title}</p>
        <h1 id="tool-title">{meta.title}</h1>
        <p className="summary">{meta.summary}</p>
      </header>
      <ErrorBoundary area={meta.title} key={meta.id}>
        {loadError ? (
          <p role="alert" className="notice notice-error">
            This tool could not be loaded. Reload the page to try again.
          </p>
        ) : !tool ? (
          <p role="status">Loading…</p>
        ) : (
          <Suspense fallback={<p role="status">Loading…</p>}>
            <Examples meta={meta} examples={examples} setValues={setValues} />
            {kept.map((k) => (
              <p key={k.name} className="notice notice-warn" role="note">
                {k.text}
              </p>
            ))}
            {Page ? (
              <Page meta={meta} tool={tool} values={values} setValues={setValues} files={files} setFile={setFile} />
            ) : (
              <ToolForm meta={meta} tool={tool} values={values} setValues={setValues} files={files} setFile={setFile} />
            )}
          </Suspense>
        )}
      </ErrorBoundary>
    </article>
  )
}
