const express = require('express');
const notes = require('./routes/notes');
const attachments = require('./routes/attachments');

const app = express();
app.use(express.json({ limit: '100kb' }));

// The gateway in front of us authenticates and forwards the user id.
app.use((req, res, next) => {
  const id = req.get('x-user-id');
  if (!id || !/^[a-z0-9-]{1,64}$/.test(id)) return res.status(401).json({ error: 'unauthenticated' });
  req.user = { id };
  next();
});

app.use('/notes', notes);
app.use('/attachments', attachments);

const port = Number(process.env.PORT) || 3000;
app.listen(port, () => console.log(`notes-api listening on ${port}`));
