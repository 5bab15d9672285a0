const amqp = require('amqplib');
const { Kafka } = require('kafkajs');
const { execSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const OUTBOX = '/var/spool/outbox';
const FORMATS = ['pdf', 'png'];

async function start() {
  const channel = await (await amqp.connect(process.env.AMQP_URL)).createChannel();
  await channel.consume('convert', (msg) => {
    const job = JSON.parse(msg.content.toString());
    if (!FORMATS.includes(job.format)) return channel.nack(msg, false, false);
    execSync('convert-doc --to ' + job.format + ' /var/spool/in/' + Number(job.id));
    channel.ack(msg);
  });

  await channel.consume('archive', (msg) => {
    const { folder } = JSON.parse(msg.content.toString());
    execSync(`tar -czf /var/spool/archive.tgz ${folder}`);
    channel.ack(msg);
  });

  const consumer = new Kafka({ brokers: [process.env.KAFKA_BROKER] }).consumer({ groupId: 'outbox' });
  await consumer.run({
    eachMessage: async ({ message }) => {
      fs.writeFileSync(path.join(OUTBOX, message.key.toString()), message.value);
    },
  });
}

start();
