import { sessionUserSchema } from "@poleatlas/shared";
import { z } from "zod";

/** What better-auth's sign-in and sign-up answer (more fields than we read). */
export const userAnswerSchema = z.object({ user: sessionUserSchema.nullable().optional() }).loose();
