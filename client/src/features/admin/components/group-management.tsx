import { zodResolver } from "@hookform/resolvers/zod";
import { Pencil, Plus, UserPlus, Users, X } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useForm } from "react-hook-form";
import { GROUP_LIMITS } from "@shared/constants";
import { createGroupSchema, type CreateGroupInput } from "@shared/schemas/groups";
import type { Group } from "@shared/types";
import { ErrorState } from "@/components/error-state";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { DeleteIconButton } from "@/components/ui/delete-icon-button";
import { Dialog, DialogActions, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Form, FormField } from "@/components/ui/form";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { SubmitButton } from "@/components/ui/submit-button";
import { countLabel } from "@/lib/count-label";
import { useCreateGroup, useDeleteGroup, useGroupMember, useGroups, useRenameGroup } from "../api/groups";
import { AdminSection } from "./admin-section";

type Editing = { kind: "new" } | { kind: "rename"; group: Group } | { kind: "delete"; group: Group } | null;

/** A group's name, new or changed (1-50 characters, unique whatever its case: the server says when taken). */
function GroupNameDialog({ group, onOpenChange }: { group?: Group; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false);
  const create = useCreateGroup({ onSuccess: close });
  const rename = useRenameGroup({ onSuccess: close });
  const pending = create.isPending || rename.isPending;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CreateGroupInput>({ resolver: zodResolver(createGroupSchema), defaultValues: { name: group?.name ?? "" } });
  const submit = handleSubmit(({ name }) => (group ? rename.mutateAsync({ id: group.id, name }) : create.mutateAsync({ name })).catch(() => {}));
  return (
    <Dialog open onOpenChange={(next) => !pending && onOpenChange(next)}>
      <DialogContent>
        <DialogTitle>{group ? "Rename group" : "New group"}</DialogTitle>
        <DialogDescription>{group ? "Categories open to it stay open to it." : "Then add members and open categories to it."}</DialogDescription>
        <Form className="mt-5" onSubmit={submit}>
          <FormField label="Name" autoComplete="off" counter={{ length: watch("name").length, max: GROUP_LIMITS.name }} error={errors.name?.message} {...register("name")} />
          <DialogActions className="mt-2" pending={pending}>
            <SubmitButton pending={pending} pendingLabel="Saving..." className="sm:w-auto">
              {group ? "Save" : "Create group"}
            </SubmitButton>
          </DialogActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** One group: its members (removable), a field to add one by username, rename and delete; `staff` is read only. */
function GroupRow({ group, onEdit }: { group: Group; onEdit: (editing: Editing) => void }) {
  const [username, setUsername] = useState("");
  const member = useGroupMember({ onSuccess: () => setUsername("") });
  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = username.trim();
    if (name) member.mutate({ id: group.id, username: name, add: true });
  };
  return (
    <li className="flex flex-col gap-3 px-4 py-3.5 sm:px-5">
      <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="min-w-0 truncate font-semibold">{group.name}</h3>
        <span className="text-xs text-muted">{countLabel(group.members.length, "member")}</span>
        {group.builtIn && <span className="text-xs text-muted">Built in: the moderators and administrators, from their role</span>}
        {!group.builtIn && (
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <Button variant="ghost" size="icon" className="size-8" aria-label={`Rename ${group.name}`} title="Rename" onClick={() => onEdit({ kind: "rename", group })}>
              <Pencil aria-hidden />
            </Button>
            <DeleteIconButton label={`Delete ${group.name}`} title="Delete" onClick={() => onEdit({ kind: "delete", group })} />
          </div>
        )}
      </div>
      {group.members.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label={`Members of ${group.name}`}>
          {group.members.map((person) => (
            <li key={person.id} className="inline-flex max-w-full items-center gap-1 rounded-full border border-border bg-surface-raised py-0.5 pr-1 pl-2.5 text-sm">
              <span className="min-w-0 truncate">{person.username}</span>
              {!group.builtIn && (
                <button
                  type="button"
                  className="grid size-6 shrink-0 place-items-center rounded-full text-muted hover:bg-destructive/10 hover:text-destructive-hover disabled:opacity-50"
                  aria-label={`Remove ${person.username} from ${group.name}`}
                  disabled={member.isPending}
                  onClick={() => member.mutate({ id: group.id, username: person.username, add: false })}
                >
                  <X className="size-3.5" aria-hidden />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!group.builtIn && (
        <form className="flex w-full gap-2 sm:max-w-md" onSubmit={add}>
          <Input
            aria-label={`Username to add to ${group.name}`}
            placeholder="Username"
            autoComplete="off"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            className="min-w-0 flex-1"
          />
          <Button type="submit" variant="outline" size="md" disabled={member.isPending || !username.trim()}>
            <UserPlus aria-hidden />
            Add
          </Button>
        </form>
      )}
    </li>
  );
}

/** 'Groups' (administrators): create, rename, delete, and members in and out; categories open to them. */
export function GroupManagement() {
  const groups = useGroups();
  const [editing, setEditing] = useState<Editing>(null);
  const remove = useDeleteGroup({ onSuccess: () => setEditing(null) });
  const close = (open: boolean) => !open && setEditing(null);

  let body;
  if (groups.isPending) body = <Spinner className="py-12" />;
  else if (!groups.data) body = <ErrorState title="Failed to load groups" error={groups.error} onRetry={() => void groups.refetch()} retrying={groups.isFetching} />;
  else {
    body = (
      <ul className="divide-y divide-border" aria-label="Groups">
        {groups.data.map((group) => (
          <GroupRow key={group.id} group={group} onEdit={setEditing} />
        ))}
      </ul>
    );
  }

  return (
    <AdminSection
      icon={Users}
      title="Groups"
      description={groups.data ? `${countLabel(groups.data.length, "group")}: a category can be read or written by some of them only` : undefined}
      actions={
        <Button size="sm" onClick={() => setEditing({ kind: "new" })}>
          <Plus aria-hidden />
          New group
        </Button>
      }
    >
      {body}
      {editing?.kind === "new" && <GroupNameDialog onOpenChange={close} />}
      {editing?.kind === "rename" && <GroupNameDialog group={editing.group} onOpenChange={close} />}
      <ConfirmDialog
        open={editing?.kind === "delete"}
        onOpenChange={close}
        title="Delete group"
        description={
          editing?.kind === "delete"
            ? `${editing.group.name} and its members' access go. A category only it could read or write becomes staff-only.`
            : ""
        }
        confirmLabel="Delete group"
        pendingLabel="Deleting..."
        pending={remove.isPending}
        onConfirm={() => editing?.kind === "delete" && remove.mutate({ id: editing.group.id })}
        variant="destructive"
      />
    </AdminSection>
  );
}
