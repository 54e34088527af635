/**
 * The workers a page started for one run (one per slice or per hash): `stop` cancels them all,
 * and leaving the page stops them too. The page assigns `workers.current` when it starts them.
 */
import { useCallback, useEffect, useRef } from 'react'
import type { WorkerRun } from '../../workers/client'

export function useWorkerPool<W extends { cancel: () => void } = WorkerRun>() {
  const workers = useRef<W[]>([])
  const stop = useCallback(() => {
    for (const w of workers.current) w.cancel()
    workers.current = []
  }, [])
  useEffect(() => stop, [stop])
  return { workers, stop }
}
