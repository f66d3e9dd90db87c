import type { Group } from "@shared/types";
import type { GroupRow } from "../queries/groups";

export function presentGroup(row: GroupRow): Group {
  return {
    id: row.id,
    name: row.name,
    builtIn: row.builtIn,
    members: row.members.map((member) => ({ id: member.id, username: member.username, avatar: member.avatar })),
  };
}
