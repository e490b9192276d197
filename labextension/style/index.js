import './base.css';
import './audio.css';
