import { useMemo } from 'react'
import { ToolForm, type ToolPageProps } from '../../components'
import { abiLibrary, useAbiLibrary } from '../../hooks/abiLibrary'
import { decode, result } from '../../../tools/event-decode'

/** The generic log decoder, consulting the person's ABI library for events. */
export default function EventDecodePage(props: ToolPageProps) {
  const entries = useAbiLibrary()
  const tool = useMemo(() => {
    const library = abiLibrary.abis()
    return { ...props.tool, run: (input: Parameters<typeof decode>[0]) => result(decode(input, library)) }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.tool, entries])
  return <ToolForm {...props} tool={tool} />
}
