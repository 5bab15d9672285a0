// Entry point: wires the routers into an Express app.
const express = require('express');
const files = require('./routes/files');
const users = require('./routes/users');
const admin = require('./routes/admin');
const auth = require('./lib/auth');

const app = express();
app.use(express.json());
app.use('/files', files);
app.use('/users', auth.requireUser, users);
app.use('/admin', auth.requireUser, admin);

app.listen(process.env.PORT || 3000);
