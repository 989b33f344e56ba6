import type { InferEntity } from '@mikro-orm/core';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { SeatAssignmentRepository } from '../../core/seats/seat-assignment-repository.port';
import type { AssignIfSeatAvailableResult, SeatAssignmentRecord } from '../../core/seats/seat-assignment';
import { MemberSubscriptionAssignmentEntity } from './entities/member-subscription-assignment.entity';
import { entityReads } from './native-pool';
import { assertSameTeam } from './team-scope';

type Row = InferEntity<typeof MemberSubscriptionAssignmentEntity>;

const BY_ASSIGNMENT = 'updated_at asc, member_id asc';

export class PgSeatAssignmentRepository implements SeatAssignmentRepository {
  // Every answer reads this first: a named statement without the ORM (ADR 83).
  private readonly byTeam: (values: readonly unknown[]) => Promise<Row[]>;
  private readonly byMember: (values: readonly unknown[]) => Promise<Row[]>;
  private readonly bySubscription: (values: readonly unknown[]) => Promise<Row[]>;

  constructor(private readonly orm: MikroORM) {
    const reads = entityReads<Row>(orm, MemberSubscriptionAssignmentEntity);
    this.byTeam = reads(['team_id'], BY_ASSIGNMENT);
    this.byMember = reads(['team_id', 'member_id'], BY_ASSIGNMENT);
    this.bySubscription = reads(['team_id', 'subscription_id'], BY_ASSIGNMENT);
  }

  async listByTeam(teamId: string): Promise<SeatAssignmentRecord[]> {
    return (await this.byTeam([teamId])).map(toRecord);
  }

  async listBySubscription(teamId: string, subscriptionId: string): Promise<SeatAssignmentRecord[]> {
    return (await this.bySubscription([teamId, subscriptionId])).map(toRecord);
  }

  async listByMember(teamId: string, memberId: string): Promise<SeatAssignmentRecord[]> {
    return (await this.byMember([teamId, memberId])).map(toRecord);
  }

  async assignIfSeatAvailable(
    teamId: string,
    assignment: SeatAssignmentRecord,
    seatLimit: number,
  ): Promise<AssignIfSeatAvailableResult> {
    assertSameTeam(teamId, assignment);
    const { subscriptionId, memberId } = assignment;
    return this.lockedSeats(teamId, subscriptionId, async (em) => {
      const held = await em.count(MemberSubscriptionAssignmentEntity, { teamId, subscriptionId, memberId });
      if (held > 0) return 'already_assigned';
      const taken = await em.count(MemberSubscriptionAssignmentEntity, { teamId, subscriptionId });
      // The quantity as stored now (a lowered one is saved before its trim takes this lock), on
      // this connection: a second one from the pool could wait behind lock holders for ever.
      const [stored] = await em
        .getConnection()
        .execute<{ quantity: number }[]>('select quantity from subscriptions where team_id = ? and id = ?', [teamId, subscriptionId], 'all', em.getTransactionContext());
      if (taken >= Math.min(seatLimit, stored?.quantity ?? seatLimit)) return 'no_seat_available';
      await em.insert(MemberSubscriptionAssignmentEntity, toRow(assignment));
      return 'assigned';
    });
  }

  async freeSeats(
    teamId: string,
    subscriptionId: string,
    choose: (assignments: readonly SeatAssignmentRecord[]) => readonly SeatAssignmentRecord[],
  ): Promise<string[]> {
    return this.lockedSeats(teamId, subscriptionId, async (em) => {
      const current = await em.find(MemberSubscriptionAssignmentEntity, { teamId, subscriptionId }, { orderBy: { updatedAt: 'asc', memberId: 'asc' } });
      const freed = choose(current.map(toRecord)).map((a) => a.memberId);
      if (freed.length > 0) await em.nativeDelete(MemberSubscriptionAssignmentEntity, { teamId, subscriptionId, memberId: { $in: freed } });
      return freed;
    });
  }

  /**
   * Serialises seat changes per subscription: a count inside sees every seat committed before,
   * so concurrent assignments never exceed the limit, and a trim never misses one. An advisory
   * lock works whether or not the subscription row exists yet (trials, webhook races).
   */
  private lockedSeats<T>(teamId: string, subscriptionId: string, work: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.orm.em.fork().transactional(async (em) => {
      await em.getConnection().execute(
        'select pg_advisory_xact_lock(hashtext(?), hashtext(?))',
        [teamId, subscriptionId],
        'all',
        em.getTransactionContext(),
      );
      return work(em);
    });
  }

  async unassign(teamId: string, subscriptionId: string, memberId: string): Promise<boolean> {
    return (await this.unassignMany(teamId, subscriptionId, [memberId])) > 0;
  }

  async unassignMany(teamId: string, subscriptionId: string, memberIds: readonly string[]): Promise<number> {
    if (memberIds.length === 0) return 0;
    return this.orm.em
      .fork()
      .nativeDelete(MemberSubscriptionAssignmentEntity, { teamId, subscriptionId, memberId: { $in: [...memberIds] } });
  }
}

function toRow(record: SeatAssignmentRecord): Row {
  return {
    teamId: record.teamId,
    subscriptionId: record.subscriptionId,
    memberId: record.memberId,
    memberKind: record.memberKind,
    modelId: record.planKey,
    assignmentKind: record.assignmentKind,
    assignedBy: record.assignedBy,
    updatedAt: record.assignedAt,
  };
}

function toRecord(row: Row): SeatAssignmentRecord {
  return {
    teamId: row.teamId,
    subscriptionId: row.subscriptionId,
    memberId: row.memberId,
    memberKind: row.memberKind as SeatAssignmentRecord['memberKind'],
    planKey: row.modelId as SeatAssignmentRecord['planKey'],
    assignmentKind: row.assignmentKind as SeatAssignmentRecord['assignmentKind'],
    assignedBy: row.assignedBy ?? null,
    assignedAt: row.updatedAt,
  };
}
