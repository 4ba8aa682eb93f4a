/**
 * Where a message's transcode job stands in the job queue (pg-boss's table in JOBS_SCHEMA):
 * `running` (a worker holds it), `waiting` (due now), `waiting later` (handed back for a while, or
 * waiting out a retry's back-off), or null (none: done, or never queued). A SQL expression over
 * the alias `m` of video_messages.
 */
export function transcodeJobColumn(jobsSchema: string): string {
  return `(SELECT CASE WHEN j.state = 'active' THEN 'running'
                       WHEN j.start_after > now() THEN 'waiting later' ELSE 'waiting' END
             FROM "${jobsSchema}".job j
            WHERE j.name = 'transcode' AND j.singleton_key = m.id::text AND j.state IN ('created', 'retry', 'active'))`;
}

/** Makes a message's waiting transcode job due now: a test skips a retry's back-off. */
export function transcodeDueNow(jobsSchema: string): string {
  return `UPDATE "${jobsSchema}".job SET start_after = now()
           WHERE name = 'transcode' AND singleton_key = $1 AND state IN ('created', 'retry')`;
}
