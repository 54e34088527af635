import { ToolForm, type ToolPageProps } from '../../components'

const CONSTANTS = ['type(uint256).max', 'type(int256).min', 'type(int256).max', 'type(uint128).max', 'type(uint64).max', 'type(uint8).max', '2**255', '1e18']

/** The generic calculator form, plus the common constants one click away. */
export default function BigNumPage(props: ToolPageProps) {
  const { values, setValues } = props
  return (
    <ToolForm {...props}>
      <nav className="examples" aria-label="Constants">
        <span>Insert:</span>
        {CONSTANTS.map((c) => (
          <button
            key={c}
            type="button"
            onClick={() => {
              const cur = (values.expr ?? '').trim()
              setValues({ expr: cur === '' ? c : /[-+*/%&|^(,<>=]$/.test(cur) ? `${cur} ${c}` : c })
            }}
          >
            {c}
          </button>
        ))}
      </nav>
    </ToolForm>
  )
}
