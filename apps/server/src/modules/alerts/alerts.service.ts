/**
 * Who hears of a finding's news, by e-mail through the mail queue. Nothing here may fail or slow
 * the request that made the news: `notify` returns at once and its work is logged if it fails.
 * Nobody is mailed about what they did themselves: they know.
 */
import { addDays, DIGEST_DAYS_AHEAD } from "@poleatlas/shared";
import type { Mailer, MailLog } from "../../infra/mail/mailer";
import type { Today } from "../inspections/clock";
import type { FindingNews } from "../inspections/finding-news";
import type { Actor } from "../workspaces/actor";
import { assignmentMail, digestMail, level1Mail } from "./alert-mails";
import type { AlertsRepository, MailFinding } from "./alerts.repository";

export function createAlertsService(deps: {
  repository: AlertsRepository;
  mailer: Mailer;
  publicUrl: string;
  today: Today;
  log: MailLog;
}) {
  const { repository, mailer, publicUrl, today, log } = deps;
  const pending = new Set<Promise<void>>();

  async function tell(actor: Actor, news: FindingNews[]): Promise<void> {
    const ws = actor.workspaceId;
    const day = today();
    const findings = new Map(
      (await repository.findings(ws, [...new Set(news.map((n) => n.findingId))])).map((f) => [f.id, f]),
    );
    // Who was already mailed about which finding: the assignee of a new Level 1 hears once.
    const told = new Set<string>();
    const level1 = news.filter((n) => n.level1 && findings.has(n.findingId));
    const managers = level1.length > 0 ? await repository.managers(ws) : [];
    for (const n of level1) {
      const f = findings.get(n.findingId)!;
      const ids = [...new Set([...managers, ...(f.assignee_id ? [f.assignee_id] : [])])];
      for (const p of await repository.wanting(
        ws,
        ids.filter((id) => id !== actor.userId),
        "level1",
      )) {
        mailer.send(level1Mail(publicUrl, p.email, actor.email, f, day));
        told.add(`${p.id} ${f.id}`);
      }
    }
    const byAssignee = new Map<string, MailFinding[]>();
    for (const n of news) {
      const f = findings.get(n.findingId);
      if (!f || !n.assignedTo || n.assignedTo === actor.userId || told.has(`${n.assignedTo} ${f.id}`))
        continue;
      const list = byAssignee.get(n.assignedTo) ?? [];
      list.push(f);
      byAssignee.set(n.assignedTo, list);
    }
    for (const p of await repository.wanting(ws, [...byAssignee.keys()], "assignment")) {
      mailer.send(assignmentMail(publicUrl, p.email, actor.email, byAssignee.get(p.id)!, day));
    }
  }

  return {
    /** An arrow: the findings module holds it on its own. */
    notify: (actor: Actor, news: FindingNews[]): void => {
      if (!news.some((n) => n.level1 || n.assignedTo)) return;
      const run = tell(actor, news).catch((err: unknown) => {
        log.error({ err, workspace: actor.workspaceId }, "finding alerts could not be sent");
      });
      pending.add(run);
      void run.finally(() => pending.delete(run));
    },

    /**
     * The daily digest for `day`: one mail per person and workspace listing their unresolved
     * findings due within DIGEST_DAYS_AHEAD days or overdue. A person already sent `day`'s digest
     * (by this process or another) is skipped, so running it twice sends nothing more.
     */
    async sendDigests(day: string = today()): Promise<{ sent: number }> {
      const until = addDays(day, DIGEST_DAYS_AHEAD);
      let sent = 0;
      for (const target of await repository.digestTargets(until)) {
        try {
          if (!(await repository.claimDigest(target, day))) continue;
          const findings = await repository.dueFindings(target, until);
          const email = await repository.emailOf(target.user_id);
          if (findings.length === 0 || !email) continue;
          mailer.send(digestMail(publicUrl, email, findings, day));
          sent += 1;
        } catch (err) {
          // One person's failure leaves the others' digests to go out.
          log.error({ err, user: target.user_id, workspace: target.workspace_id }, "a digest failed");
        }
      }
      return { sent };
    },

    /** Resolves when every alert started has been handed to the mail queue (shutdown). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },

    /** Resolves when every alert started has been delivered, or given up on (tests). */
    async idle(): Promise<void> {
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await mailer.idle();
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
