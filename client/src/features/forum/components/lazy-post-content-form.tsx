import { lazy, Suspense } from "react";
import { ComposerPlaceholder } from "@/components/composer/composer-placeholder";
import type { PostContentFormProps } from "./post-content-form";

/** The form's code (the composer, react-hook-form, zod) is split off the topic's first load. */
export const loadPostContentForm = () => import("./post-content-form");
const PostContentForm = lazy(() => loadPostContentForm().then((module) => ({ default: module.PostContentForm })));

/** PostContentForm, drawn as its empty composer and button row until its code has loaded. */
export function LazyPostContentForm(props: PostContentFormProps) {
  return (
    <Suspense
      fallback={
        <div className="flex flex-col gap-3">
          <ComposerPlaceholder rows={props.rows} placeholder={props.placeholder} />
          <div className="h-8" />
        </div>
      }
    >
      <PostContentForm {...props} />
    </Suspense>
  );
}
