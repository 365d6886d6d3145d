import type { View } from "../views/show.js";

/** `text` with `notice` (an outcome: "Saved.", an error) above it, when there is one. */
export function withNotice(notice: string | undefined, text: string): string {
  return notice ? `${notice}\n\n${text}` : text;
}

/** `view` with `notice` above its text, when there is one. */
export function withNoticeView(notice: string | undefined, view: View): View {
  return notice ? { ...view, text: withNotice(notice, view.text) } : view;
}
