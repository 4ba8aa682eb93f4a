// Stands in for `docker` where no Docker engine runs, for deploy/update.sh --dry-run
// (DOCKER="node docker-stand-in.mjs"). It answers exactly the questions the script asks, from the
// environment, and refuses everything else, so a dry run that would change anything fails:
//   compose version --short                    STAND_IN_COMPOSE_VERSION
//   compose ps -q SERVICE                       STAND_IN_CONTAINERS (JSON: service -> container ids)
//   inspect --format {{.Image}} ID              STAND_IN_RUNNING_WEB_IMAGE
//   compose config --images web                 ghcr.io/giftcast/giftcast-web:next
//   image inspect --format {{.Id}} IMAGE        STAND_IN_WANTED_WEB_IMAGE
const args = process.argv.slice(2).join(' ');
const containers = JSON.parse(process.env.STAND_IN_CONTAINERS ?? '{}');
const answer = (text) => text && console.log(text);

let match;
if (args === 'compose version --short') answer(process.env.STAND_IN_COMPOSE_VERSION);
else if ((match = /^compose ps -q (\w+)$/.exec(args))) answer((containers[match[1]] ?? []).join('\n'));
else if (/^inspect --format \{\{\.Image\}\} \w+$/.test(args)) answer(process.env.STAND_IN_RUNNING_WEB_IMAGE);
else if (args === 'compose config --images web') answer('ghcr.io/giftcast/giftcast-web:next');
else if (args === 'image inspect --format {{.Id}} ghcr.io/giftcast/giftcast-web:next')
  answer(process.env.STAND_IN_WANTED_WEB_IMAGE);
else {
  console.error(`docker stand-in: not a question deploy/update.sh asks in a dry run: ${args}`);
  process.exit(2);
}
