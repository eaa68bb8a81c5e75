import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ActivityView, LivenessBar, TaskAward, TaskCondition, TaskPeriod, TaskView } from '@playhall/contract';
import { call } from '../../../lib/api.ts';
import { refreshRedDots } from '../../../lib/rewards.ts';
import { applyClaim } from '../../../lib/claims.ts';

export const TASKS_KEY = ['getTaskUser'] as const;

/** The player's tasks with progress, the liveness bars and chests (getTaskUser). */
export function useTaskUser(enabled: boolean) {
  return useQuery({ queryKey: TASKS_KEY, queryFn: () => call('getTaskUser', {}), enabled, staleTime: 5_000 });
}

export interface TasksShown {
  tasks: TaskView[];
  liveness: { daily: LivenessBar; weekly: LivenessBar } | null;
}

interface ConfiguredTask {
  id: string;
  period: TaskPeriod;
  title: Record<string, string>;
  condition: TaskCondition;
  target: number;
  award: TaskAward;
  liveness: number;
}
interface ConfiguredChest {
  liveness: number;
  award: TaskAward;
}

/**
 * What a visitor sees: the tasks and chests as the operator configured them (the activity's
 * `detail`, from preLogin), each at no progress; claims send them to login.
 */
export function visitorTasks(activity: ActivityView): TasksShown {
  const d = activity.detail as { tasks?: ConfiguredTask[]; chests?: { daily?: ConfiguredChest[]; weekly?: ConfiguredChest[] } };
  const bar = (cs: ConfiguredChest[] | undefined): LivenessBar => ({
    value: 0,
    endsAt: '',
    chests: (cs ?? []).map((c, index) => ({ index, liveness: c.liveness, award: c.award, status: 'locked' })),
  });
  return {
    tasks: (d.tasks ?? []).map((t) => ({ ...t, progress: 0, status: 'doing', checkable: ['login', 'bindPhone', 'follow'].includes(t.condition.type), endsAt: null })),
    liveness: { daily: bar(d.chests?.daily), weekly: bar(d.chests?.weekly) },
  };
}

/** finishTask: a condition checked on request (login: here today; bind phone: the account's phone). */
export function useFinishTask() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) => call('finishTask', { taskId }, { quiet: true }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: TASKS_KEY });
      refreshRedDots();
    },
  });
}

export type TaskClaim = { taskId: string } | { chest: { period: 'daily' | 'weekly'; index: number } };

/**
 * receiveTaskAward: the answer's balance shows in the top bar at once, the reward modal says what
 * was received, the tasks and the dots refresh. Refused (claimed on another device): the state as it is.
 */
export function useReceiveTaskAward(activityName: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (claim: TaskClaim) => call('receiveTaskAward', claim),
    onSuccess: (res) => applyClaim(res.coin, { title: activityName, awards: res.awards }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: TASKS_KEY });
      refreshRedDots();
    },
  });
}
