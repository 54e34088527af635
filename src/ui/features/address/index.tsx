import * as AddressCheck from '../../../core/address/AddressCheck'
import { ToolForm, type ToolPageProps } from '../../components'

/**
 * The generic form, plus the address drawn character by character with the wrong-case
 * characters marked, so a checksum mismatch can be seen, not only read.
 */
export default function AddressPage(props: ToolPageProps) {
  let inspection: AddressCheck.Inspection | undefined
  try {
    inspection = AddressCheck.inspect(props.values.address ?? '')
  } catch {
    inspection = undefined
  }
  return (
    <ToolForm {...props}>
      {inspection?.status === 'mismatch' && <CaseDiff inspection={inspection} />}
    </ToolForm>
  )
}

function CaseDiff({ inspection }: { inspection: AddressCheck.Inspection }) {
  const given = inspection.input.slice(2)
  const correct = inspection.checksummed.slice(2)
  return (
    <figure className="case-diff" aria-label="Checksum comparison">
      <figcaption>Wrong-case characters are marked; the line below is the correct form.</figcaption>
      <div className="mono" aria-label="As given">
        0x
        {[...given].map((c, i) =>
          inspection.wrongCase.includes(i + 1) ? (
            <mark key={i} title={`character ${i + 1}: should be ${correct[i]}`}>
              {c}
            </mark>
          ) : (
            <span key={i}>{c}</span>
          ),
        )}
      </div>
      <div className="mono" aria-label="Correct form">
        0x
        {[...correct].map((c, i) => (inspection.wrongCase.includes(i + 1) ? <mark key={i}>{c}</mark> : <span key={i}>{c}</span>))}
      </div>
    </figure>
  )
}
