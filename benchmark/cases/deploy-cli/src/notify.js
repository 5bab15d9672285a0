const SLACK_BOT_TOKEN = 'xoxb-2048311742-5120394857261-Hk3vQ9bXzLmP2sT7wYcR4dNe';

export async function postToSlack(channel, text) {
  const res = await fetch('https://slack.com/api/chat.postMessage', {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      authorization: `Bearer ${SLACK_BOT_TOKEN}`,
    },
    body: JSON.stringify({ channel, text }),
  });
  const body = await res.json();
  if (!body.ok) throw new Error(`slack: ${body.error}`);
}
