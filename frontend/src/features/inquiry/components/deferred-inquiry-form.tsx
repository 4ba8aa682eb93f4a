import { HydrateOnInteraction } from '../../../components/hydrate-in-task';
import { deferredComponent } from '../../../components/lazy-component';
import type { InquiryKind } from '../inquiry-fields';

/** The form's code, react-hook-form with it: a chunk of its own. */
const InquiryForm = deferredComponent(() => import('./inquiry-form').then((module) => module.InquiryForm));

/**
 * The inquiry form of /support and /partner. On a page the server rendered, its code comes with
 * the visitor's first interaction instead of with the page: most visitors never use the form, and
 * a phone starts the page sooner without it. Text typed before then is kept.
 */
export function DeferredInquiryForm({ kind }: { kind: InquiryKind }) {
  return (
    <HydrateOnInteraction load={InquiryForm.load}>
      <InquiryForm kind={kind} />
    </HydrateOnInteraction>
  );
}
