import { Component, type ReactNode } from 'react'

/** Contains a crash to one area: the rest of the app keeps working. Shows no stack or input. */
export class ErrorBoundary extends Component<{ children: ReactNode; area: string }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (this.state.failed)
      return (
        <div role="alert" className="notice notice-error">
          <p>
            Something went wrong in {this.props.area}. The rest of the workbench still works.
          </p>
          <button type="button" onClick={() => this.setState({ failed: false })}>
            Try again
          </button>
        </div>
      )
    return this.props.children
  }
}
