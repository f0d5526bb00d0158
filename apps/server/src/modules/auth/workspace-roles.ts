/**
 * The four workspace roles as better-auth's access control: owner and admin manage the team,
 * member and viewer do not (what each may do with photos is decided by our services, from
 * packages/shared workspaces.ts). better-auth rejects any role name not listed here.
 */
import { createAccessControl } from "better-auth/plugins/access";
import { adminAc, defaultStatements, memberAc, ownerAc } from "better-auth/plugins/organization/access";

const ac = createAccessControl(defaultStatements);

export const workspaceAccess = {
  ac,
  roles: {
    owner: ac.newRole(ownerAc.statements),
    admin: ac.newRole(adminAc.statements),
    member: ac.newRole(memberAc.statements),
    viewer: ac.newRole(memberAc.statements),
  },
};
