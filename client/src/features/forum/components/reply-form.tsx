import { Card } from "@/components/ui/card";
import { useCreatePost } from "../api/create-post";
import { PostContentForm } from "./post-content-form";

/** The reply box at the end of a topic. */
export function ReplyForm({ topicId }: { topicId: number }) {
  const createPost = useCreatePost(topicId);
  return (
    <Card className="p-4 sm:p-5">
      <h2 className="mb-3 text-base font-semibold">Reply</h2>
      <PostContentForm
        label="Reply"
        placeholder="Write a reply..."
        submitLabel="Post Reply"
        pendingLabel="Posting..."
        pending={createPost.isPending}
        onSubmit={(data) => createPost.mutateAsync(data)}
        footer={<span className="mr-auto hidden text-xs text-muted sm:inline">Ctrl+Enter to send</span>}
      />
    </Card>
  );
}
