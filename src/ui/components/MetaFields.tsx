/**
 * A tool's fields drawn from its meta: `MetaFields` (group by group, as `FieldSpec.group`
 * says) and `FieldList` (a list of them, each with its value and its error). Every page draws
 * its fields with these, never from a list of names written in the page.
 */
import { Fragment, useRef, type ReactNode } from 'react'
import { fieldsOfGroup, groupsOf, hiddenFields } from '../../tools/define'
import type { BlobLike, FieldSpec, RawInput, ToolMeta } from '../../tools/types'
import { Field, type FieldProps } from './Field'

/**
 * A tool's fields, each with its value and its error, except those hidden by their `showWhen`
 * under the current values. For pages that run the tool their own way.
 */
export function FieldList({
  fields,
  values,
  errors,
  setValues,
  files = {},
  setFile,
  only,
  after,
}: {
  fields: readonly FieldSpec[]
  /** Render only these fields (visibility is still judged over all of `fields`). */
  only?: readonly string[] | undefined
  values: RawInput
  errors: Record<string, string>
  setValues: (patch: RawInput) => void
  files?: Record<string, BlobLike>
  setFile?: (name: string, file: BlobLike | undefined) => void
  /** Drawn right after a field, while it is shown (a keyring picker under its key field). */
  after?: Partial<Record<string, ReactNode>> | undefined
}) {
  const hidden = hiddenFields({ fields }, values)
  // One callback per field for the page's life: a Field is drawn again only when its own value,
  // error or file changed (typing into a large field leaves the other fields alone).
  const latest = useRef({ setValues, setFile })
  latest.current = { setValues, setFile }
  const handlers = useRef<Record<string, Pick<FieldProps, 'onChange' | 'onFile'>>>({})
  return (
    <>
      {fields.filter((f) => !hidden.has(f.name) && (!only || only.includes(f.name))).map((f) => (
        <Fragment key={f.name}>
          <Field
            spec={f}
            value={values[f.name] ?? ''}
            error={errors[f.name]}
            file={files[f.name]}
            {...(handlers.current[f.name] ??= { onChange: (v) => latest.current.setValues({ [f.name]: v }), onFile: (file) => latest.current.setFile?.(f.name, file) })}
          />
          {after?.[f.name]}
        </Fragment>
      ))}
    </>
  )
}

/** What `MetaFields` draws from: the tool's meta, the values and their errors. */
export interface MetaFieldsProps {
  meta: Pick<ToolMeta, 'fields' | 'groups'>
  values: RawInput
  errors: Record<string, string>
  setValues: (patch: RawInput) => void
  files?: Record<string, BlobLike>
  setFile?: (name: string, file: BlobLike | undefined) => void
  /** Drawn right after a field, while it is shown. */
  after?: Partial<Record<string, ReactNode>>
}

/**
 * The fields of one group of a tool (see `FieldSpec.group`), drawn from its meta: 'basic' (the
 * default) as they are, 'advanced' in a closed disclosure, a named group in a fieldset titled
 * by `meta.groups`. Without `group`, every group in turn. Nothing is drawn for a group whose
 * fields are all hidden; fields the page sets itself (`setBy`) are never drawn.
 */
export function MetaFields({ group, className, ...props }: MetaFieldsProps & { group?: string; className?: string }) {
  if (group === undefined)
    return (
      <>
        {groupsOf(props.meta).map((g) => (
          <MetaFields key={g} {...props} group={g} />
        ))}
      </>
    )
  const { meta, values, errors, setValues, files, setFile, after } = props
  const names = fieldsOfGroup(meta, group).map((f) => f.name)
  const hidden = hiddenFields(meta, values)
  if (!names.some((n) => !hidden.has(n))) return null
  const list = <FieldList fields={meta.fields} only={names} values={values} errors={errors} setValues={setValues} files={files} setFile={setFile} after={after} />
  if (group === 'basic') return list
  const title = meta.groups?.[group]
  if (group === 'advanced')
    return (
      <details className={className}>
        <summary>{title ?? 'More options'}</summary>
        <div className="tool-form" style={{ border: 'none', padding: '8px 0 0' }}>
          {list}
        </div>
      </details>
    )
  return (
    <fieldset className={className ?? `field-group field-group-${group}`}>
      <legend>{title ?? group}</legend>
      {list}
    </fieldset>
  )
}

